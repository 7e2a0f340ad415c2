/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: the line was dropped; ask again.
  case interrupted
  /// End of input: Ctrl-D on an empty line, the end of a script, or a closed terminal.
  case end
}

/// A source of input lines: a person at a line editor, or a script.
public protocol LineReader: AnyObject {
  /// Offers completions for the text before the cursor.
  var completer: ((String) -> [String])? { get set }
  func read(prompt: String) -> LineInput
}
