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

  public init(text: String, choices: [String], correct: Int, category: String, difficulty: String?) {
    self.text = text
    self.choices = choices
    self.correct = correct
    self.category = category
    self.difficulty = difficulty
  }

  var correctText: String { choices[correct] }
}
