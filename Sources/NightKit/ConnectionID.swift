/// A connection as the transport numbers it, the one name for it from the socket to the room:
/// the server's events and sends, the relay's lines between processes, and the room's outputs
/// name it, and the room never sees a socket. Over several machines its top 32 bits are the
/// edge that holds it (`ConnectionID(edge:local:)`).
public struct ConnectionID: Hashable, Sendable, Codable, CustomStringConvertible {
  public var rawValue: UInt64

  public init(_ rawValue: UInt64) {
    self.rawValue = rawValue
  }

  public var description: String { "#\(rawValue)" }

  /// A plain number on the relay's lines, as it always was.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(UInt64.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// `0`, the one connection of a player's side, and tests' connections, written as numbers.
extension ConnectionID: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: UInt64) {
    self.init(value)
  }
}
