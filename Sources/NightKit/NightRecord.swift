/// A question as it was revealed: what the host's history and its export keep, and what
/// PostgreSQL keeps of it, read from the room at its reveal and from nowhere else.
public struct NightRecord: Codable, Equatable, Sendable {
  public var number: Int
  public var text: String
  public var choices: [String]
  public var correct: Int
  /// Every player in the standings' order, with its answer if it gave one in time.
  public var answers: [NightPlayerAnswer]

  public init(number: Int, text: String, choices: [String], correct: Int, answers: [NightPlayerAnswer]) {
    self.number = number
    self.text = text
    self.choices = choices
    self.correct = correct
    self.answers = answers
  }
}

extension NightRoom {
  /// The question being revealed, as the record keeps it; nil outside a reveal.
  public var recordOfReveal: NightRecord? {
    guard let reveal = revealView else { return nil }
    return NightRecord(
      number: reveal.number, text: reveal.text, choices: reveal.choices, correct: reveal.correct,
      answers: revealedAnswers)
  }
}
