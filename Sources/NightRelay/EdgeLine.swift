import NightKit

/// Which night an edge serves and when it stops, as decisions without I/O: the news on the
/// nights' channel, what PostgreSQL's tables answer, the edge's own connections and the time
/// go in; which night to serve, whom to close and what to ask the tables come out, and what its
/// players said goes to the room as the edge's batch (`EdgeBatch`). An edge serves the newest
/// night not ended, and the next one after. `trivia edge` runs it with a real server and
/// PostgreSQL; the edges of `make simulate` run the same value.
public struct EdgeLine: Sendable {
  public enum Event: Sendable, Equatable {
    /// The line to PostgreSQL is (back) up: the tables say which night to serve.
    case up
    /// PostgreSQL cannot be reached: players are told, and come back once it is.
    case down(String)
    /// A NOTIFY on the nights' channel: `CODE` (a room started) or `end CODE`.
    case news(String)
    /// The tables' newest night not ended, as `lookNewest` asked, with the news that asked.
    case newest(code: String, address: String, news: String?)
    /// The server for `serve`'s night is listening, or could not be started.
    case serving(String)
    case failed
    /// One of the server's events: a player's connection, numbered above the edge's.
    case heard(RelayEvent)
    /// The room said `stop`: the night is over here.
    case stop
    /// The tables say the night's room is gone past the grace: its last words, if it left any.
    case givenUp(lastWords: String?)
    case tick
  }

  public enum Effect: Sendable, Equatable {
    /// A line for whoever runs the edge.
    case say(String)
    /// Ask the tables for the newest night not ended, and say `newest` (news: what asked).
    case lookNewest(news: String?)
    /// Stop any server, and start one for the night `code` players reach at `address`; say
    /// `serving` or `failed`.
    case serve(code: String, address: String)
    /// Stop the server: the night `code` is over here.
    case stop(code: String)
    /// Close every connection, saying why (they come back with their tokens).
    case closeAll(String)
    /// Say `text` to these connections (the edge's own numbers above the edge's).
    case tell(String, [ConnectionID])
    /// Ask the tables whether the night's room is gone past the grace; say `givenUp` if so.
    case lookGivenUp(code: String)
    /// PostgreSQL forgets what waits on the room's channel of the night `code`.
    case forget(code: String)
    /// The batch for the room of the night `code`.
    case batch(code: String, [UInt8])
  }

  /// What players hear from an edge whose room never came back, if the room said nothing.
  public static let hostGone = #"{"ended":"The host has gone: the night is over."}"#
  /// How often the tables are asked whether a night's room has gone for good.
  static let lookEvery = Duration.seconds(5)
  /// How long the players of a night that ended have to hear its last messages.
  static let endWithin = Duration.seconds(5)

  /// The night served, if any.
  public private(set) var code: String?
  /// Its connections: told the night is over if the room never comes back.
  private var open: Set<ConnectionID> = []
  /// The night ended: by then its queue has brought the room's last words.
  private var endsBy: Duration?
  private var down = false
  private var lastLook: Duration
  private var batch = EdgeBatch()

  public init(now: Duration) {
    lastLook = now
  }

  /// When `tick` has something to do.
  public var due: Duration? {
    guard code != nil else { return nil }
    return [batch.due, endsBy, down ? nil : lastLook + Self.lookEvery].compactMap { $0 }.min()
  }

  public mutating func handle(_ event: Event, now: Duration) -> [Effect] {
    switch event {
    case .up:
      defer { down = false }
      return (down ? [.say("PostgreSQL is back: players come back with their tokens.")] : [])
        + [.lookNewest(news: nil)]
    case .down(let reason):
      down = true
      return [.say("\(reason): its players are told.")]
        + (code == nil ? [] : [.closeAll("The night's server lost its database")])
    case .news(let news):
      guard news.hasPrefix("end ") else { return [.lookNewest(news: news)] }
      guard let code, code == news.dropFirst(4) else { return [] }
      // Its players' last messages (the final table) and the room's `stop` come on this edge's
      // own queue, which this NOTIFY may overtake: they end it, or a few seconds do.
      guard open.isEmpty else {
        endsBy = now + Self.endWithin
        return []
      }
      return end()
    case .newest(let newest, let address, let news):
      if let code, code == newest {
        // Its room started again: it knows none of these connections.
        return news == newest ? [.closeAll("The host restarted")] : []
      }
      return end() + [.serve(code: newest, address: address)]
    case .serving(let started):
      (code, open, endsBy, lastLook, batch) = (started, [], nil, now, EdgeBatch())
      return []
    case .failed:
      return []
    case .heard(let heard):
      guard code != nil else { return [] }
      switch heard {
      case .opened(let id, _): open.insert(id)
      case .closed(let id, _): open.remove(id)
      default: break
      }
      batch.hold(heard, at: now)
      return []
    case .stop:
      return end()
    case .givenUp(let words):
      guard let code else { return [] }
      return [
        .say("Night \(code): its host has been gone over its grace; the night is over."),
        .tell(words ?? Self.hostGone, open.sorted { $0.rawValue < $1.rawValue }),
      ] + end() + [.forget(code: code)]
    case .tick:
      guard let code else { return [] }
      if let endsBy, now >= endsBy { return end() }
      var effects: [Effect] = []
      let frames = batch.take(now: now)
      if !frames.isEmpty { effects.append(.batch(code: code, frames)) }
      // A room gone past the grace will not resume its night: its players hear it is over.
      if !down, now - lastLook >= Self.lookEvery {
        lastLook = now
        effects.append(.lookGivenUp(code: code))
      }
      return effects
    }
  }

  /// The night served is over here.
  private mutating func end() -> [Effect] {
    guard let code else { return [] }
    (self.code, open, endsBy, batch) = (nil, [], nil, EdgeBatch())
    return [.stop(code: code)]
  }
}
