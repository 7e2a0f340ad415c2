import ScreenKit

/// Says whether the last answer was right, over the question it answers.
public final class FeedbackScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public var isCorrect: Bool
    public var correctAnswer: String
    public var score: Int
    public var answered: Int
    /// Whether continuing ends the round.
    public var isLast: Bool
    /// Right answers in a row, this one included; said from 3 on.
    public var run: Int
    /// No answer came before the question's time ran out.
    public var timedOut: Bool

    public init(
      isCorrect: Bool, correctAnswer: String, score: Int, answered: Int, isLast: Bool, run: Int = 0,
      timedOut: Bool = false
    ) {
      self.timedOut = timedOut
      self.isCorrect = isCorrect
      self.correctAnswer = correctAnswer
      self.score = score
      self.answered = answered
      self.isLast = isLast
      self.run = run
    }
  }

  public let state: State
  public var onContinue: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "continue" }

  public func render() -> [Line] {
    let verdict =
      state.isCorrect
      ? Line("Correct!", style: .success)
      : Line(
        "\(state.timedOut ? "Time's up" : "Incorrect") — the answer was \(state.correctAnswer)", style: .failure)
    let next = state.isLast ? "to see your score" : "for the next question"
    return [
      verdict,
      Line("Score so far: \(state.score) of \(state.answered). Press Enter or type continue \(next).", style: .dim),
    ] + (state.run >= 3 ? [Line("\(state.run) in a row!", style: .success)] : [])
  }

  public var commands: CommandTable {
    CommandTable(
      [Command("continue", summary: "go on") { [weak self] in self?.onContinue?() }],
      freeform: .init(usage: "(empty line)", summary: "go on") { [weak self] input in
        guard input.isEmpty else { return nil }
        self?.onContinue?()
        return .done
      })
  }
}
