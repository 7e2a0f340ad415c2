import NightKit

/// Over several machines each edge numbers its own connections and puts its number (from
/// PostgreSQL, unique) above them, so the room's numbers never collide and route themselves.
extension ConnectionID {
  public init(edge: Int, local: ConnectionID) {
    self.init(UInt64(edge) << 32 | local.rawValue)
  }

  /// The edge that holds the connection.
  public var edge: Int { Int(rawValue >> 32) }

  /// Its number on its edge.
  public var local: ConnectionID { ConnectionID(rawValue & 0xFFFF_FFFF) }
}
