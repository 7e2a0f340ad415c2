#if Night
  import NightKit

  /// What the main thread drains after its poll says the server's descriptor is readable.
  public enum ServerEvent: Sendable, Equatable {
    /// A WebSocket upgraded on the night's code, from `address`.
    case opened(ConnectionID, address: String)
    /// One whole text message, at most `NightLimits.maxMessageBytes`.
    case text(ConnectionID, String)
    /// Gone, for any reason: dropped, closed by either side, or closed by the limits.
    case closed(ConnectionID)
    /// Joins are being refused, in one sentence for the host (at most once a `refusalNotice`).
    case refusing(String)
  }
#endif
