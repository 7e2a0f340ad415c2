/// Which NOTIFYs on a queued channel (`trivia_frames`, one reader) ask its reader to take the
/// channel's rows, as a value without I/O: `PostgresLink` runs it with PostgreSQL.
///
/// A NOTIFY names its statement's newest row of the channel, and a statement's rows are seen
/// together, so a NOTIFY whose own row was taken has nothing left to take. Not "any row at or
/// below the newest taken": rows are numbered when inserted and seen when committed, so two
/// senders' statements can commit out of their numbers' order, and the lower one's rows would
/// be passed over, unread until the next NOTIFY (#35: an answer the room never heard).
public struct QueueNotices: Sendable, Equatable {
  /// Rows taken whose NOTIFY has not come.
  private var taken: Set<Int64> = []

  public init() {}

  /// A NOTIFY of `row` (nil for a payload that is not a row's number): whether to take.
  public mutating func notified(_ row: Int64?) -> Bool {
    guard let row, taken.contains(row) else { return true }
    forget(upTo: row)
    return false
  }

  /// A row was taken.
  public mutating func took(_ row: Int64) {
    taken.insert(row)
  }

  /// The take a NOTIFY of `row` asked for is done: that row, committed before its NOTIFY, was
  /// in it, and what is numbered below needs no NOTIFY passed over (at worst one finds nothing).
  public mutating func tookAll(notified row: Int64?) {
    if let row { forget(upTo: row) }
  }

  /// Rows numbered up to `row` are no longer looked for, so the set holds only rows in flight.
  private mutating func forget(upTo row: Int64) {
    taken = taken.filter { $0 > row }
  }
}
