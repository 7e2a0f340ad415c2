import TriviaData

/// What the next round will be. Saved between runs.
public struct GameOptions: Codable, Equatable, Sendable {
  public static let countRange = 1...50
  /// `from 1 to 50`, for messages about a count out of range.
  public static let countRangeText = "from \(countRange.lowerBound) to \(countRange.upperBound)"
  public static let standard = GameOptions(questionCount: 10, difficulty: .mixed)
  /// Seconds a timed question may take; 0 turns the timer off.
  public static let timeRange = 5...120
  /// `0 (off) or 5 to 120`, for messages about a time out of range.
  public static let timeRangeText = "0 (off) or \(timeRange.lowerBound) to \(timeRange.upperBound)"

  public var questionCount: Int
  public var difficulty: DifficultyChoice
  /// Only questions of this category; nil for all.
  public var category: String?
  /// Where questions come from, as `--source` takes it; nil for the bundled ones.
  public var source: String?
  /// Seconds each question may take; nil when questions are not timed.
  public var timeLimit: Int?
  /// Who takes turns at this terminal, a question each; nil for one player.
  public var players: [String]?

  public init(
    questionCount: Int, difficulty: DifficultyChoice, category: String? = nil, source: String? = nil,
    timeLimit: Int? = nil, players: [String]? = nil
  ) {
    self.questionCount = questionCount
    self.difficulty = difficulty
    self.category = category
    self.source = source
    self.timeLimit = timeLimit
    self.players = players
  }

  /// Whether `seconds` is a time limit: 0 (off) or 5 to 120.
  public static func allowsTime(_ seconds: Int) -> Bool {
    seconds == 0 || timeRange.contains(seconds)
  }

  /// Seconds as typed after `time`; nil for anything `allowsTime` does not.
  public static func seconds(_ text: String) -> Int? {
    Int(text).flatMap { allowsTime($0) ? $0 : nil }
  }
}
