#if Night
  /// What a player's main thread drains after its poll says the client's descriptor is readable.
  public enum ClientEvent: Sendable, Equatable {
    case connected
    case text(String)
    /// The end of the connection, said as a sentence a player can read.
    case closed(reason: String)
  }
#endif
