import FoundationEssentials
import Glibc
import ScreenKit

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: the line was dropped; ask again.
  case interrupted
  /// End of input: Ctrl-D on an empty line, the end of a script, or a closed terminal.
  case end
  /// Something besides the keyboard has work for the game (a link, a countdown); what was
  /// typed is kept and offered again by the next read.
  case event
}

/// A source of input lines: a person at a line editor, or a script.
public protocol LineReader: AnyObject {
  /// Offers completions for the text before the cursor.
  var completer: ((String) -> [String])? { get set }
  func read(prompt: String) -> LineInput
  /// Reads the answer to a question the game asks: on an empty line, leaving what was being
  /// typed for the next `read`.
  func ask(_ question: String) -> LineInput
}

extension LineReader {
  public func ask(_ question: String) -> LineInput {
    read(prompt: question)
  }

  /// Asks a yes/no question until it is answered: only y, yes, n or no answer it; anything
  /// else (`help` too) has the question said again, on a line of its own, with what answers
  /// it: whoever typed something else had not seen it, or not taken it as a question (issue
  /// 37). Ctrl-C and the end of input are no.
  public func confirm(_ question: String, say: (String) -> Void) -> Bool {
    while true {
      guard case .line(let answer) = ask("\(question) (y/n)") else { return false }
      switch answer.trimmingWhitespace.lowercased() {
      case "y", "yes": return true
      case "n", "no": return false
      default: say("\(question) Type y for yes or n for no.")
      }
    }
  }
}

/// Passes lines through and appends each to a journal, so a session can be replayed.
public final class RecordingReader: LineReader {
  private let reader: any LineReader
  private let journal: UnsafeMutablePointer<FILE>

  /// Starts the journal with `header`, a comment line that says how to replay it.
  public init?(recording reader: any LineReader, to path: String, header: String) {
    guard let journal = fopen(path, "w") else { return nil }
    self.reader = reader
    self.journal = journal
    write("#!" + header)
  }

  deinit {
    fclose(journal)
  }

  public var completer: ((String) -> [String])? {
    get { reader.completer }
    set { reader.completer = newValue }
  }

  public func read(prompt: String) -> LineInput {
    let input = reader.read(prompt: prompt)
    if case .line(let line) = input { write(line) }
    return input
  }

  public func ask(_ question: String) -> LineInput {
    let input = reader.ask(question)
    if case .line(let line) = input { write(line) }
    return input
  }

  /// Adds a line the session stands for without it being typed: the `wait N` that a timed
  /// question's running out of time is, in a replay.
  public func note(_ line: String) {
    write(line)
  }

  private func write(_ line: String) {
    fputs(line + "\n", journal)
    fflush(journal)
  }
}
