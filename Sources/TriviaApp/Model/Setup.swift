/// What the landing and options screens show: the next round's options, where its
/// questions come from, and whether a saved round waits. Read fresh each time they draw.
public struct Setup: Equatable, Sendable {
  /// How many of the source's questions this player was never asked, of how many.
  public struct Unasked: Equatable, Sendable {
    public var count: Int
    public var total: Int

    public init(count: Int, total: Int) {
      self.count = count
      self.total = total
    }
  }

  public var options: GameOptions
  public var source: String
  public var canResume: Bool
  /// Nil until the game has read its history (at its first deal), and for web sources.
  public var unasked: Unasked?
  /// History has stopped for this game (a file it cannot use): no question is known to be
  /// new, and the landing says so instead of counting.
  public var historyOff: Bool

  public init(
    options: GameOptions, source: String, canResume: Bool = false, unasked: Unasked? = nil, historyOff: Bool = false
  ) {
    self.options = options
    self.source = source
    self.canResume = canResume
    self.unasked = unasked
    self.historyOff = historyOff
  }
}
