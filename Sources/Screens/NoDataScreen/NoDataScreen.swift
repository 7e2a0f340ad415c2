import ScreenKit

/// Shown when there is nothing to play, with the reason.
public final class NoDataScreen: TerminalScreen {
  public struct State: Equatable, Sendable {
    public var reason: String
    public var details: [String]

    public init(reason: String, details: [String] = []) {
      self.reason = reason
      self.details = details
    }
  }

  public let state: State
  public var onRetry: (() -> Void)?
  public var onOptions: (() -> Void)?
  public var onSource: ((String) -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "no questions" }

  public func render() -> [Line] {
    [
      "",
      Line("No questions to play", style: .title),
      Line(state.reason, style: .failure),
    ] + state.details.map { Line("  " + $0, style: .dim) } + [
      Line("Type retry to try again, source SPEC to play other questions, options, or back.", style: .dim)
    ]
  }

  public var commands: CommandTable {
    CommandTable([
      Command("retry", summary: "load the questions again") { [weak self] in self?.onRetry?() },
      .options { [weak self] in self?.onOptions?() },
      .source { [weak self] in self?.onSource?($0) },
    ])
  }
}
