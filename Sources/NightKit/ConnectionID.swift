/// A player's connection as the transport numbers it: the room answers in these and never
/// sees a socket.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
  public var rawValue: UInt64

  public init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  public var description: String { "#\(rawValue)" }
}
