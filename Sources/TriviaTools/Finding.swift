import TriviaData

/// One thing `trivia check` found in a question file, printed as compilers print theirs,
/// `file:line:column: warning: message`, so editors and terminals can jump to it.
public struct Finding: Sendable, Equatable, CustomStringConvertible {
  public enum Severity: String, Sendable, Comparable {
    /// What the game refuses: a file it cannot load, a question it skips.
    case error
    /// What the game plays, but a player would notice: a question twice, an answer given
    /// away, a line that wraps badly.
    case warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  public var severity: Severity
  public var file: String
  /// Nil for what is about the whole file (one that cannot be opened).
  public var position: SourcePosition?
  public var message: String

  public init(_ severity: Severity, file: String, position: SourcePosition?, message: String) {
    self.severity = severity
    self.file = file
    self.position = position
    self.message = message
  }

  /// `file:line:column: severity: message`; `file:line:` without a column, `file:` without a
  /// place.
  public var description: String { formatted(as: severity) }

  /// The line as printed, under `severity` (`--strict` prints warnings as errors). A place in
  /// a spreadsheet is `quiz.csv, row 12, column "Answer 3":`, as a teacher finds the cell.
  public func formatted(as severity: Severity) -> String {
    var place = file
    if let position, position.columnName != nil {
      place += ", \(position)"
    } else if let position {
      place += ":\(position.line)"
      if let column = position.column { place += ":\(column)" }
    }
    return "\(place): \(severity.rawValue): \(message)"
  }
}
