import ScreenKit

/// The settings of the next round. It checks what is typed but saves nothing itself, and
/// reads its state each time it is drawn.
public final class OptionsScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public var questionCount: Int
    public var countRange: ClosedRange<Int>
    public var difficulty: String
    public var category: String
    public var source: String

    public init(
      questionCount: Int, countRange: ClosedRange<Int>, difficulty: String, category: String = "All",
      source: String = ""
    ) {
      self.questionCount = questionCount
      self.countRange = countRange
      self.difficulty = difficulty
      self.category = category
      self.source = source
    }
  }

  private let read: () -> State
  public var state: State { read() }
  public var onCount: ((Int) -> Void)?
  public var onDifficulty: (() -> Void)?
  public var onDone: (() -> Void)?
  public var onSource: ((String) -> Void)?
  /// What Tab offers after `source`.
  public var completeSource: ((String) -> [String])?
  public var onCategory: ((String) -> Void)?
  public var onBack: (() -> Void)?

  public init(state: @escaping () -> State) {
    read = state
  }

  public convenience init(state: State) {
    self.init { state }
  }

  public var prompt: String { "options" }

  public func render() -> [Line] {
    let state = state
    let rows = [
      ("Questions: ", "\(state.questionCount)", "count N"), ("Difficulty:", state.difficulty, "difficulty"),
      ("Category:  ", state.category, "category [NAME|all]"), ("Source:    ", state.source, "source SPEC"),
    ]
    // The hints stand in one column, after the longest value.
    let column = max(10, rows.map(\.1.count).max().map { $0 + 1 } ?? 0)
    return ["", Line("Options", style: .title)]
      + rows.map { label, value, hint in
        Line("  \(label) \(value)")
          + Line(String(repeating: " ", count: column - value.count) + "type \(hint)", style: .dim)
      } + [Line("Type done when finished.", style: .dim)]
  }

  public var commands: CommandTable {
    let range = state.countRange
    return CommandTable([
      Command(
        "count", usage: "count N", summary: "play N questions (\(range.lowerBound)-\(range.upperBound))",
        takesArgument: true
      ) { [weak self] argument in
        guard let count = Int(argument), range.contains(count) else {
          return .rejected(
            "count takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(argument)'.")
        }
        self?.onCount?(count)
        return .done
      },
      .difficulty { [weak self] in self?.onDifficulty?() },
      .category { [weak self] in self?.onCategory?($0) },
      .source(complete: completeSource) { [weak self] in self?.onSource?($0) },
      Command("done", summary: "close the options") { [weak self] in self?.onDone?() },
    ])
  }
}
