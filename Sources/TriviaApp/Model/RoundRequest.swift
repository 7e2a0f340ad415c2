import TriviaData

/// What a round is dealt for, as a `play` link, `play` or a saved round asks: a missing field
/// means "as in the options". A value of the model that routes carry, not a part of a route.
public struct RoundRequest: Codable, Hashable, Sendable {
  public var difficulty: DifficultyChoice?
  public var count: Int?
  public var category: String?
  /// Only questions the player got wrong and has not since answered right; nil: any.
  public var missed: Bool?
  /// Seconds each question may take, 0 for untimed.
  public var time: Int?
  /// Who takes turns at this terminal; nil for one player.
  public var players: [String]?

  public init(
    difficulty: DifficultyChoice? = nil, count: Int? = nil, category: String? = nil, missed: Bool? = nil,
    time: Int? = nil, players: [String]? = nil
  ) {
    self.players = players
    self.difficulty = difficulty
    self.count = count
    self.category = category
    self.missed = missed
    self.time = time
  }
}
