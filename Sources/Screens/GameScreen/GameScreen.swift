import ScreenKit

/// One question and its answers. The answer is reported by index; whether it was right is
/// for whoever owns the round to say. It reads its state each time it is drawn, so the
/// next question shows in the same screen.
public final class GameScreen: ReadingView<GameScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    public var number: Int
    public var total: Int
    public var category: String
    public var difficulty: String
    public var question: String
    public var answers: [String]
    /// Seconds left to answer, counted down in the prompt; nil when the question is not timed.
    public var secondsLeft: Int?
    /// A dim line under the answers: `Answers in: 7 of 12`.
    public var note: String?
    /// The answer already given, marked; no other is taken.
    public var chosen: Int?
    /// False where typed input is never an answer (the host of a night watching the
    /// question), so that only the app's commands work there.
    public var answerable: Bool
    /// Whose turn it is, where players take turns at one terminal: named above the question
    /// and in the prompt, since the keyboard may have changed hands.
    public var player: String?

    public init(
      number: Int, total: Int, category: String, difficulty: String, question: String, answers: [String],
      secondsLeft: Int? = nil, note: String? = nil, chosen: Int? = nil, answerable: Bool = true, player: String? = nil
    ) {
      self.player = player
      self.secondsLeft = secondsLeft
      self.note = note
      self.chosen = chosen
      self.answerable = answerable
      self.number = number
      self.total = total
      self.category = category
      self.difficulty = difficulty
      self.question = question
      self.answers = answers
    }
  }

  public var onAnswer: ((Int) -> Void)?
  public var onBack: (() -> Void)?

  public var prompt: String {
    let state = state
    // Whoever watches without answering (a night's host) sees the note change in the prompt,
    // which is drawn again at each event, rather than the question drawn again.
    return "question \(state.number)/\(state.total)" + (state.player.map { " · " + $0 } ?? "")
      + (state.secondsLeft.map { " · \($0)s" } ?? "")
      + (state.answerable ? "" : state.note.map { " · " + $0 } ?? "")
  }

  public func render() -> [Line] {
    let state = state
    var lines: [Line] =
      [""] + (state.player.map { [Line("\($0)'s turn", style: .emphasis)] } ?? []) + [
        Line("Question \(state.number) of \(state.total)", style: .title)
          + Line("  \(state.category) · \(state.difficulty)", style: .dim),
        Line(state.question),
      ]
    let labels = ChoiceLabels(for: state.answers)
    for (index, answer) in state.answers.enumerated() {
      lines.append(
        index == state.chosen
          ? Line("› \(labels.label(index))) \(answer)", style: .emphasis)
          : Line("  \(labels.label(index))) ", style: .emphasis) + Line(answer))
    }
    return lines + (state.note.map { [Line($0, style: .dim)] } ?? [])
  }

  public var commands: CommandTable {
    let state = state
    guard state.answerable else { return CommandTable() }
    let answers = state.answers
    let usage = choiceUsage(for: answers, noun: "answer")
    guard state.chosen == nil else {
      return CommandTable(
        [],
        freeform: .init(usage: usage, summary: "answer the question (yours is in)") { input in
          input.isEmpty ? nil : .rejected("Your answer is in.")
        })
    }
    return CommandTable(
      [],
      freeform: .init(usage: usage, summary: "answer the question", completions: answers) { [weak self] input in
        // An empty line is no answer: the prompt just asks again.
        guard !input.isEmpty else { return nil }
        guard let index = choiceIndex(input, among: answers) else {
          return .rejected("'\(input)' is not one of the answers: type \(usage) (help for more).")
        }
        self?.onAnswer?(index)
        return .done
      })
  }
}
