/// A connection as the server numbers it: events and sends name it, never a socket.
public struct ConnectionID: Hashable, Sendable {
  public let value: UInt64

  public init(value: UInt64) { self.value = value }
}
