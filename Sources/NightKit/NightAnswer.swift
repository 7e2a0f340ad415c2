/// A question's right answer, revealed to everyone once its time is up.
public struct NightAnswer: Codable, Equatable, Sendable {
  /// The fastest right answer: who, and in how many milliseconds.
  public struct Fastest: Codable, Equatable, Sendable {
    public var name: String
    public var ms: Int

    public init(name: String, ms: Int) {
      self.name = name
      self.ms = ms
    }
  }

  /// The question's number (1-based).
  public var number: Int
  /// The right choice's index and text.
  public var correct: Int
  public var text: String
  /// A big screen's only, what every player may see once the time is up but is not sent, so
  /// that a reveal to thousands costs what it did: the question and its choices, how many
  /// chose each, and the fastest right answer.
  public var question: String?
  public var choices: [String]?
  public var counts: [Int]?
  public var fastest: Fastest?

  public init(
    number: Int, correct: Int, text: String, question: String? = nil, choices: [String]? = nil,
    counts: [Int]? = nil, fastest: Fastest? = nil
  ) {
    self.number = number
    self.correct = correct
    self.text = text
    self.question = question
    self.choices = choices
    self.counts = counts
    self.fastest = fastest
  }

  private enum CodingKeys: String, CodingKey {
    case number = "n"
    case correct, text, choices, counts, fastest
    case question = "q"
  }
}
