/// Why a source gave no questions, in words a player can act on.
public struct DataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong: `questions.json, line 3, column 5: expected ',' or '}'`.
  public var message: String
  /// Where in the file it went wrong, when the error is about a place in it.
  public var position: SourcePosition?
  /// The message without the file and place it starts with, for a tool that prints
  /// `file:line:column:` in its own way (`trivia check`).
  public var reason: String

  public init(_ message: String) {
    self.message = message
    reason = message
  }

  /// An error about `file`, or a place in it: the message reads `file, line 3, column 5: reason`.
  public init(file: String, position: SourcePosition? = nil, reason: String) {
    message = position.map { "\(file), \($0): \(reason)" } ?? "\(file): \(reason)"
    self.position = position
    self.reason = reason
  }

  public var description: String { message }

  /// The same error is the same sentence: the place and the reason are parts of the message.
  public static func == (lhs: DataSourceError, rhs: DataSourceError) -> Bool {
    lhs.message == rhs.message
  }
}

extension DataSourceError {
  /// A load stopped before it ended: the player pressed Ctrl-C, or chose another source.
  static func cancelled(loading name: String) -> DataSourceError {
    DataSourceError("Loading from \(name) was cancelled.")
  }
}
