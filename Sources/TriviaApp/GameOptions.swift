import TriviaData

/// What the next round will be. Saved between runs.
public struct GameOptions: Codable, Equatable, Sendable {
  public static let countRange = 1...50
  public static let standard = GameOptions(questionCount: 10, difficulty: .mixed)

  public var questionCount: Int
  public var difficulty: DifficultyChoice

  public init(questionCount: Int, difficulty: DifficultyChoice) {
    self.questionCount = questionCount
    self.difficulty = difficulty
  }
}
