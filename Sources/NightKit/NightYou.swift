/// What only one player sees of a night: its name, its answer to the question on screen, and
/// how it stands after the last question closed. The rest of its screen is the `NightStage`.
public struct NightYou: Codable, Equatable, Sendable {
  /// An answer the host took.
  public struct Answer: Codable, Equatable, Sendable {
    public var question: Int
    public var choice: Int

    public init(question: Int, choice: Int) {
      self.question = question
      self.choice = choice
    }

    private enum CodingKeys: String, CodingKey {
      case question = "q"
      case choice = "c"
    }
  }

  /// As the host keeps it (trimmed).
  public var name: String
  /// The first question this player was in for: one joining later never saw those before.
  public var since: Int
  /// The last answer the host took from this player.
  public var answer: Answer?
  /// At the last closed question: the points won, and the score, place (1-based; 0 before any
  /// question closed) and places gained after it.
  public var points: Int
  public var score: Int
  public var place: Int
  public var moved: Int

  public init(
    name: String, since: Int, answer: Answer? = nil, points: Int = 0, score: Int = 0, place: Int = 0, moved: Int = 0
  ) {
    self.name = name
    self.since = since
    self.answer = answer
    self.points = points
    self.score = score
    self.place = place
    self.moved = moved
  }
}
