import ScreenKit

/// The host's reveal: how many chose each answer, as bars, the right one marked, and who
/// was fastest to it. Moving on is the app's command, not the reveal's.
public final class RevealScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// The quickest right answer of the question.
    public struct Fastest: Equatable, Sendable {
      public var name: String
      public var seconds: Double

      public init(name: String, seconds: Double) {
        self.name = name
        self.seconds = seconds
      }
    }

    public var number: Int
    public var total: Int
    public var question: String
    public var choices: [String]
    /// How many players chose each choice, in the choices' order.
    public var counts: [Int]
    /// The index of the right choice.
    public var correct: Int
    /// Nil when nobody answered right.
    public var fastest: Fastest?
    /// How many players answered at all, of `players`.
    public var answered: Int
    public var players: Int

    public init(
      number: Int, total: Int, question: String, choices: [String], counts: [Int], correct: Int,
      fastest: Fastest? = nil, answered: Int, players: Int
    ) {
      self.number = number
      self.total = total
      self.question = question
      self.choices = choices
      self.counts = counts
      self.correct = correct
      self.fastest = fastest
      self.answered = answered
      self.players = players
    }
  }

  public let state: State
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "reveal \(state.number)/\(state.total)" }

  /// The longest bar, for the most chosen answer.
  static let barWidth = 30
  /// Answers longer than this push their bar to the right rather than every bar.
  static let textWidth = 24

  public func render() -> [Line] {
    let labels = ChoiceLabels(for: state.choices)
    let most = state.counts.max() ?? 0
    let textWidth = min(Self.textWidth, state.choices.map(\.count).max() ?? 0)
    let countWidth = state.counts.map { NumberText.grouped($0).count }.max() ?? 0
    var lines: [Line] = [
      "",
      Line("Question \(state.number) of \(state.total): the answers", style: .title),
      Line(state.question),
    ]
    for (index, choice) in state.choices.enumerated() {
      let count = state.counts.indices.contains(index) ? state.counts[index] : 0
      let cells = Self.cells(count, most: most)
      let isRight = index == state.correct
      let text =
        (isRight ? "✓ " : "  ") + "\(labels.label(index))) " + choice.padded(to: textWidth) + "  "
        + String(repeating: "█", count: cells) + String(repeating: " ", count: Self.barWidth - cells) + "  "
        + NumberText.grouped(count).leftPadded(to: countWidth)
      lines.append(Line(text, style: isRight ? .success : .plain))
    }
    lines.append(Line("\(NumberText.grouped(state.answered)) of \(NumberText.grouped(state.players)) answered."))
    lines.append(
      state.fastest.map { Line("Fastest right answer: \($0.name), \(Self.tenths($0.seconds)) s", style: .emphasis) }
        ?? Line("Nobody got it right.", style: .dim))
    return lines
  }

  /// Cells of bar for `count` when the most chosen answer had `most`: the most gets them
  /// all, and any answer chosen at all gets at least one.
  static func cells(_ count: Int, most: Int) -> Int {
    guard count > 0, most > 0 else { return 0 }
    return max(1, min(barWidth, (count * barWidth + most / 2) / most))
  }

  /// `2.4`: seconds to a tenth, without Foundation's formatting.
  static func tenths(_ seconds: Double) -> String {
    let tenths = seconds.isFinite ? Int((min(max(0, seconds), 1e9) * 10).rounded()) : 0
    return "\(tenths / 10).\(tenths % 10)"
  }

  public var commands: CommandTable { CommandTable() }
}
