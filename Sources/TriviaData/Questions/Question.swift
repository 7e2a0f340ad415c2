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
  /// The question's own time, in seconds, from a file that gives one (a spreadsheet's time
  /// column): a timed game and a night give the question that long. Nil for the game's limit.
  public var seconds: Int?

  /// The seconds a question's own time may be: as long as a game's limit may be.
  public static let secondsRange = 5...120

  public init(
    category: String, difficulty: Difficulty?, kind: Kind, text: String, correctAnswer: String,
    incorrectAnswers: [String], seconds: Int? = nil
  ) {
    self.category = category
    self.difficulty = difficulty
    self.kind = kind
    self.text = text
    self.correctAnswer = correctAnswer
    self.incorrectAnswers = incorrectAnswers
    self.seconds = seconds
  }
}
