import NightKit

/// A player's connection to its host as decisions without I/O: what happened to the socket goes
/// in with the time, what to say to the game and whether to dial again comes out. A connection
/// that drops is dialled again each second for a minute (the game then rejoins with its
/// token); one that never opened is a wrong address, unless the player had a place
/// (`comingBack`). `trivia-night connect` runs it with a real socket; the player's side of
/// `make simulate` runs the same value.
public struct PlayerLine: Sendable, Equatable {
  public enum Event: Sendable, Equatable {
    case connected
    case text(String)
    /// The connection ended, said as a sentence a player can read.
    case closed(String)
    /// Time passed: handle at `retryAt`.
    case tick
  }

  public enum Effect: Sendable, Equatable {
    /// Tell the game (the player's side has one connection, numbered 0).
    case say(RelayEvent)
    /// Open a new connection.
    case dial
    /// The line is over: tell the game why, and end.
    case fail(String)
  }

  public static let comeBackWithin = Duration.seconds(60)
  public static let retryEvery = Duration.seconds(1)

  let address: String
  var everOpened: Bool
  /// Since when the connection has been down, while it is dialled again.
  var downSince: Duration?
  /// When to dial again, if the connection is down.
  public private(set) var retryAt: Duration?

  public init(address: String, comingBack: Bool) {
    self.address = address
    everOpened = comingBack
  }

  public mutating func handle(_ event: Event, now: Duration) -> [Effect] {
    switch event {
    case .connected:
      everOpened = true
      downSince = nil
      return [.say(.opened(0, address: address))]
    case .text(let text):
      return [.say(.text(0, text))]
    case .closed(let reason):
      guard everOpened else { return [.fail(reason)] }
      var effects: [Effect] = []
      if downSince == nil {
        downSince = now
        effects.append(.say(.closed(0, reason: reason)))
      }
      if let downSince, now - downSince >= Self.comeBackWithin {
        return effects + [.fail("no answer from the host for a minute")]
      }
      retryAt = now + Self.retryEvery
      return effects
    case .tick:
      guard let retryAt, now >= retryAt else { return [] }
      self.retryAt = nil
      return [.dial]
    }
  }
}
