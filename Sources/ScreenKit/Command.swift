/// A word a screen understands, with the help text that describes it.
public struct Command {
  /// What the command did with its input.
  public enum Outcome: Equatable, Sendable {
    case done
    /// The input was understood but not acceptable; the reason is shown and nothing changes.
    case rejected(String)
  }

  public let name: String
  /// How to type it, for help: `count N`.
  public let usage: String
  public let summary: String
  public let takesArgument: Bool
  /// What Tab offers for the argument typed so far; nil when nothing is offered.
  public let completeArgument: ((String) -> [String])?
  let run: (String) -> Outcome

  public init(
    _ name: String, usage: String? = nil, summary: String, takesArgument: Bool = false,
    completeArgument: ((String) -> [String])? = nil, run: @escaping (_ argument: String) -> Outcome
  ) {
    self.name = name
    self.usage = usage ?? name
    self.summary = summary
    self.takesArgument = takesArgument
    self.completeArgument = completeArgument
    self.run = run
  }

  /// A command whose argument is optional: `source` alone, or `source FILE`.
  public static func withArgument(
    _ name: String, usage: String, summary: String, completeArgument: ((String) -> [String])? = nil,
    action: @escaping (String) -> Void
  ) -> Command {
    Command(name, usage: usage, summary: summary, takesArgument: true, completeArgument: completeArgument) {
      argument in
      action(argument)
      return .done
    }
  }

  /// A command with no argument.
  public init(_ name: String, summary: String, action: @escaping () -> Void) {
    self.init(name, summary: summary) { _ in
      action()
      return .done
    }
  }
}
