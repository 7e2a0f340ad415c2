/// A question as a bank holds it, before any round shuffles its answers.
public struct Question: Codable, Equatable, Hashable, Sendable {
  public enum Kind: String, Sendable, Codable {
    /// One right answer among several.
    case multiple
    /// True or False.
    case boolean
  }

  public var category: String
  /// Nil when the source does not grade its questions.
  public var difficulty: Difficulty?
  public var kind: Kind
  public var text: String
  public var correctAnswer: String
  public var incorrectAnswers: [String]

  public init(
    category: String, difficulty: Difficulty?, kind: Kind, text: String, correctAnswer: String,
    incorrectAnswers: [String]
  ) {
    self.category = category
    self.difficulty = difficulty
    self.kind = kind
    self.text = text
    self.correctAnswer = correctAnswer
    self.incorrectAnswers = incorrectAnswers
  }
}
