/// How standings are ordered, in one place for a night and for players taking turns at one
/// terminal: most points first, then the least time taken, then whoever joined first. Places
/// are 1-based and never shared; a move is the places gained since the last ranking.
public enum Scoreboard {
  /// What ranks a player.
  public struct Key: Comparable, Sendable {
    public var points: Int
    /// Time taken over every question, an unanswered one counting its whole limit.
    public var milliseconds: Int
    /// Join order (or turn order): the last tie-break, so no two keys are equal.
    public var joined: Int

    public init(points: Int, milliseconds: Int, joined: Int) {
      self.points = points
      self.milliseconds = milliseconds
      self.joined = joined
    }

    public static func < (a: Key, b: Key) -> Bool {
      (-a.points, a.milliseconds, a.joined) < (-b.points, b.milliseconds, b.joined)
    }
  }

  /// The indices of `keys`, best first: the index at position i holds place i + 1.
  public static func ranked(_ keys: [Key]) -> [Int] {
    keys.indices.sorted { keys[$0] < keys[$1] }
  }

  /// Places gained from `previous` (0: not ranked before, so no move) to `place`.
  public static func moved(from previous: Int, to place: Int) -> Int {
    previous == 0 ? 0 : previous - place
  }
}
