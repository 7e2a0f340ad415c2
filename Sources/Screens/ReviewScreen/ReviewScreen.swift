import ScreenKit

/// A round looked back on: each question with the answer given and the right one, the
/// missed ones first. It shows what it is given and reports only that the player is done.
public final class ReviewScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
      public var question: String
      /// Empty when time ran out before an answer.
      public var chosen: String
      public var correctAnswer: String
      public var isRight: Bool

      public init(question: String, chosen: String, correctAnswer: String, isRight: Bool) {
        self.question = question
        self.chosen = chosen
        self.correctAnswer = correctAnswer
        self.isRight = isRight
      }
    }

    public var items: [Item]

    public init(items: [Item]) {
      self.items = items
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "review" }

  public func render() -> [Line] {
    guard !state.items.isEmpty else {
      return [
        "", Line("Review", style: .title), Line("No round to look back on yet: play one first."),
        Line("Type done to go back.", style: .dim),
      ]
    }
    let missed = state.items.filter { !$0.isRight }.count
    var lines: [Line] = [
      "", Line("Review of the last round", style: .title),
      Line("\(missed) missed, \(state.items.count - missed) right; the missed first.", style: .dim),
    ]
    for item in state.items.filter({ !$0.isRight }) + state.items.filter(\.isRight) {
      // Wrapped, the question and the answers go on in their column, after the label.
      lines.append(
        (item.isRight
          ? Line("  right  ", style: .success) + Line(item.question)
          : Line("  missed ", style: .failure) + Line(item.question)).hanging(at: 9))
      lines.append(
        (item.isRight
          ? Line("         \(item.correctAnswer)", style: .dim)
          : Line(
            "         \(item.chosen.isEmpty ? "no answer in time" : "you said \(item.chosen)"); "
              + "the answer is \(item.correctAnswer)", style: .dim)).hanging(at: 9))
    }
    lines.append(Line("Type done to go back.", style: .dim))
    return lines
  }

  public var commands: CommandTable {
    CommandTable([Command("done", summary: "go back") { [weak self] in self?.onDone?() }])
  }
}
