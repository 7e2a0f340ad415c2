import TriviaData

/// What the next round will be. Saved between runs.
public struct GameOptions: Codable, Equatable, Sendable {
  public static let countRange = 1...50
  /// `from 1 to 50`, for messages about a count out of range.
  public static let countRangeText = "from \(countRange.lowerBound) to \(countRange.upperBound)"
  public static let standard = GameOptions(questionCount: 10, difficulty: .mixed)

  public var questionCount: Int
  public var difficulty: DifficultyChoice
  /// Only questions of this category; nil for all.
  public var category: String?
  /// Where questions come from, as `--source` takes it; nil for the bundled ones.
  public var source: String?

  public init(questionCount: Int, difficulty: DifficultyChoice, category: String? = nil, source: String? = nil) {
    self.questionCount = questionCount
    self.difficulty = difficulty
    self.category = category
    self.source = source
  }
}
