#if Night
  /// Why the night's SSH door could not open: its key, its port. Said to the host as it is.
  public struct SSHFailure: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
      self.description = description
    }
  }
#endif
