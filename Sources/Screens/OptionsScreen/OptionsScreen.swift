import ScreenKit

/// The settings of the next round. It checks what is typed but saves nothing itself, and
/// reads its state each time it is drawn.
public final class OptionsScreen: ReadingView<OptionsScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    public var questionCount: Int
    public var countRange: ClosedRange<Int>
    public var difficulty: String
    public var category: String
    public var source: String
    /// Seconds a question may take, nil for no limit; other than 0 (off), only `timeRange`.
    public var timeLimit: Int?
    public var timeRange: ClosedRange<Int>
    /// Who takes turns at this terminal; nil for one player.
    public var players: [String]?
    public var playerRange: ClosedRange<Int>

    public init(
      questionCount: Int, countRange: ClosedRange<Int>, difficulty: String, category: String = "All",
      source: String = "", timeLimit: Int? = nil, timeRange: ClosedRange<Int> = 5...120, players: [String]? = nil,
      playerRange: ClosedRange<Int> = 2...6
    ) {
      self.players = players
      self.playerRange = playerRange
      self.timeLimit = timeLimit
      self.timeRange = timeRange
      self.questionCount = questionCount
      self.countRange = countRange
      self.difficulty = difficulty
      self.category = category
      self.source = source
    }
  }

  public var onCount: ((Int) -> Void)?
  /// Seconds a question may take; 0 for no limit.
  public var onTime: ((Int) -> Void)?
  /// The names typed, split at commas (none for `players off`); what is wrong with them, or nil
  /// when they were taken.
  public var onPlayers: (([String]) -> String?)?
  public var onDifficulty: (() -> Void)?
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public var prompt: String { "options" }

  /// The longest value the hints stand after, so that a line fits 80 columns.
  static let widestValue = 36

  public func render() -> [Line] {
    let state = state
    let rows =
      [
        ("Questions: ", "\(state.questionCount)", "count N"), ("Difficulty:", state.difficulty, "difficulty"),
        ("Category:  ", state.category, "category [NAME|all]"),
        ("Time:      ", state.timeLimit.map { "\($0) s" } ?? "off", "time N"),
        ("Source:    ", state.source, "source SPEC"),
        // Shown for one player too: turns at one terminal are found here, not only in help.
        state.players.map { ("Players:   ", $0.joined(separator: ", "), "players NAMES|off") }
          ?? ("Players:   ", "you alone", "players NAMES"),
      ]
    // The hints stand in one column, after the longest value that is not too long to keep
    // them in 80 columns; a longer value (a path) has its hint in that column below it.
    let column = min(max(10, rows.map(\.1.count).max().map { $0 + 1 } ?? 0), Self.widestValue + 1)
    let pad = String(repeating: " ", count: 14)
    return ["", Line("Options", style: .title)]
      + rows.flatMap { label, value, hint in
        let hintLine = Line("type \(hint)", style: .dim)
        guard value.count < column else {
          return [Line("  \(label) \(value)"), Line(pad + String(repeating: " ", count: column)) + hintLine]
        }
        return [Line("  \(label) \(value)") + Line(String(repeating: " ", count: column - value.count)) + hintLine]
      } + [Line("Type done when finished.", style: .dim)]
  }

  public var commands: CommandTable {
    let range = state.countRange
    let times = state.timeRange
    let players = state.playerRange
    return CommandTable([
      Command(
        "count", usage: "count N", summary: "play N questions (\(range.lowerBound)-\(range.upperBound))",
        takesArgument: true
      ) { [weak self] argument in
        guard !argument.isEmpty else {
          return .rejected("Type count and a number from \(range.lowerBound) to \(range.upperBound), as in count 5.")
        }
        guard let count = Int(argument), range.contains(count) else {
          return .rejected(
            "count takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(argument)'.")
        }
        self?.onCount?(count)
        return .done
      },
      Command(
        "time", usage: "time N",
        summary: "give each question N seconds (\(times.lowerBound)-\(times.upperBound); 0 for no limit)",
        takesArgument: true
      ) { [weak self] argument in
        guard !argument.isEmpty else {
          return .rejected(
            "Type time and 0 (no limit) or seconds from \(times.lowerBound) to \(times.upperBound), as in time 20.")
        }
        guard let seconds = Int(argument), seconds == 0 || times.contains(seconds) else {
          return .rejected(
            "time takes 0 (no limit) or a whole number of seconds from \(times.lowerBound) to \(times.upperBound), "
              + "not '\(argument)'.")
        }
        self?.onTime?(seconds)
        return .done
      },
      Command(
        "players", usage: "players NAME, NAME…|off",
        summary: "take turns at this terminal, a question each (\(players.lowerBound)-\(players.upperBound) names)",
        takesArgument: true
      ) { [weak self] argument in
        guard !argument.isEmpty else {
          return .rejected(
            "Type players and \(players.lowerBound) to \(players.upperBound) names with commas between, as in "
              + "players Ann, Bob; players off for one player.")
        }
        let names =
          argument.lowercased() == "off"
          ? [] : argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return self?.onPlayers?(names).map { .rejected($0) } ?? .done
      },
      .difficulty { [weak self] in self?.onDifficulty?() },
      Command("done", summary: "close the options") { [weak self] in self?.onDone?() },
    ])
  }
}
