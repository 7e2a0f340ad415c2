/// A question's right answer, revealed to everyone once its time is up.
public struct NightAnswer: Codable, Equatable, Sendable {
  /// The question's number (1-based).
  public var number: Int
  /// The right choice's index and text.
  public var correct: Int
  public var text: String

  public init(number: Int, correct: Int, text: String) {
    self.number = number
    self.correct = correct
    self.text = text
  }

  private enum CodingKeys: String, CodingKey {
    case number = "n"
    case correct, text
  }
}
