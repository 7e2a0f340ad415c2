/// Why a source gave no questions, in words a player can act on.
public struct DataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong: `questions.json, line 3, column 5: expected ',' or '}'`.
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension DataSourceError {
  /// A load stopped before it ended: the player pressed Ctrl-C, or chose another source.
  static func cancelled(loading name: String) -> DataSourceError {
    DataSourceError("Loading from \(name) was cancelled.")
  }
}
