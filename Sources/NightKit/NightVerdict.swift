/// One player's result for a question, sent after its deadline.
public struct NightVerdict: Codable, Equatable, Sendable {
  public var question: Int
  /// The right choice's index and text.
  public var correct: Int
  public var correctText: String
  /// The player's choice; nil when it gave none.
  public var choice: Int?
  public var points: Int
  /// The player's score after this question.
  public var total: Int
  /// 1-based, of `of` players.
  public var place: Int
  public var of: Int

  public init(
    question: Int, correct: Int, correctText: String, choice: Int?, points: Int, total: Int, place: Int, of: Int
  ) {
    self.question = question
    self.correct = correct
    self.correctText = correctText
    self.choice = choice
    self.points = points
    self.total = total
    self.place = place
    self.of = of
  }

  private enum CodingKeys: String, CodingKey {
    case question = "q"
    case correct
    case correctText = "text"
    case choice
    case points
    case total
    case place
    case of
  }
}
