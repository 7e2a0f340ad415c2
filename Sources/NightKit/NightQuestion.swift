/// A question as the host holds it for a night, the right answer included: NightKit takes its
/// own plain value so the network layer does not link the question banks. Codable for a saved
/// night (`NightRoom.Saved`): it never goes on the wire, which would give the right answer away.
public struct NightQuestion: Codable, Sendable, Equatable {
  public var text: String
  public var choices: [String]
  /// The index of the right choice; it leaves the host only in a reveal.
  public var correct: Int
  public var category: String
  public var difficulty: String?
  /// The question's own time in seconds, where its file gives one; nil for the night's limit.
  public var seconds: Int?

  public init(
    text: String, choices: [String], correct: Int, category: String, difficulty: String?, seconds: Int? = nil
  ) {
    self.text = text
    self.choices = choices
    self.correct = correct
    self.category = category
    self.difficulty = difficulty
    self.seconds = seconds
  }

  var correctText: String { choices[correct] }
}
