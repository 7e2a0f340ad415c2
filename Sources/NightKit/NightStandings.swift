/// The table after a question: best first, in the order of `NightScore`'s rules.
public struct NightStandings: Codable, Equatable, Sendable {
  public struct Row: Codable, Equatable, Sendable {
    /// 1-based; no two rows share a place.
    public var place: Int
    public var name: String
    public var score: Int
    /// Places gained since the previous standings (negative when lost; 0 on the first).
    public var moved: Int
    /// Gone from the night: it keeps its row and its score.
    public var left: Bool

    public init(place: Int, name: String, score: Int, moved: Int, left: Bool) {
      self.place = place
      self.name = name
      self.score = score
      self.moved = moved
      self.left = left
    }

    private enum CodingKeys: String, CodingKey {
      case place = "p"
      case name = "n"
      case score = "s"
      case moved = "m"
      case left = "l"
    }
  }

  /// The questions played so far.
  public var played: Int
  public var rows: [Row]
  /// How many players the table holds in all.
  public var of: Int

  public init(played: Int, rows: [Row], of: Int) {
    self.played = played
    self.rows = rows
    self.of = of
  }
}
