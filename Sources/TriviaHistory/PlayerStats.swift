/// How a player has done, as the history file has it: for the stats screen.
public struct PlayerStats: Equatable, Sendable {
  /// Answers given and how many were right, for one category or level.
  public struct Tally: Equatable, Sendable {
    public var name: String
    public var answered: Int
    public var right: Int

    public init(name: String, answered: Int, right: Int) {
      self.name = name
      self.answered = answered
      self.right = right
    }
  }

  /// The best score of rounds of one category and length.
  public struct Best: Equatable, Sendable {
    public var category: String
    public var total: Int
    public var score: Int

    public init(category: String, total: Int, score: Int) {
      self.category = category
      self.total = total
      self.score = score
    }
  }

  /// Whose stats these are, where players took turns; nil for every answer.
  public var player: String?
  /// Rounds played to the end.
  public var roundsCompleted = 0
  public var overall = Tally(name: "all", answered: 0, right: 0)
  public var categories: [Tally] = []
  public var levels: [Tally] = []
  public var best: [Best] = []
  /// Right answers in a row up to the last one, and the longest run ever.
  public var currentStreak = 0
  public var bestStreak = 0
  /// Mean seconds from a question appearing to its answer.
  public var meanSeconds = 0.0

  public init() {}
}
