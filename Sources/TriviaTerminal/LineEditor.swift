import CLibedit
import EditLineShim
import FoundationEssentials
import Glibc
import ScreenKit

/// A line editor on the terminal, by libedit: emacs keys, history, Tab completion,
/// `~/.editrc`. Ctrl-C clears the line instead of ending the program.
public final class LineEditor: LineReader {
  public var completer: ((String) -> [String])?
  private let editLine: OpaquePointer
  private let history: OpaquePointer
  private var prompt: UnsafeMutablePointer<CChar>?
  /// Columns the prompt takes on screen, escape codes left out.
  private var promptWidth = 0
  private var wasInterrupted = false
  private let style: TerminalStyle
  /// The line whose matches Tab last listed: a second Tab on it does not list them again.
  private var listed: String?
  /// What was typed when an event ended the line, and how many characters followed the
  /// cursor: put back by the next read.
  private var setAside: (text: String, afterCursor: Int)?
  /// Whether the terminal changed size since the last `takeResize()`: a screen drawn in place
  /// is drawn again for its new size.
  private var resized = false
  /// What the editor waits on besides the keyboard; its events end a line with `.event`.
  public var events: EventLoop? {
    didSet { events?.install() }
  }
  /// The character that brackets escape codes in the prompt, so libedit does not count them.
  private static let promptEscape: CChar = 1

  public init?(program: String, style: TerminalStyle, historySize: Int32 = 1000) {
    Self.useCharacterLocale()
    guard let editLine = trivia_el_open(program, trivia_stdin(), trivia_stdout(), trivia_stderr()) else { return nil }
    guard let history = trivia_history_open(historySize) else {
      el_end(editLine)
      return nil
    }
    self.editLine = editLine
    self.history = history
    self.style = style
    trivia_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
    trivia_el_set_prompt(editLine, { editLine in LineEditor.owner(of: editLine)?.prompt }, Self.promptEscape)
    trivia_el_set_history(editLine, history)
    trivia_el_bind_function(
      editLine, "trivia-complete", "Complete a command",
      { editLine, _ in
        LineEditor.owner(of: editLine)?.complete() ?? UInt8(CC_ERROR)
      }, "^I")
    trivia_el_bind_function(
      editLine, "trivia-interrupt", "Drop the line",
      { editLine, _ in
        LineEditor.owner(of: editLine)?.wasInterrupted = true
        return UInt8(CC_EOF)
      }, "^C")
    trivia_el_source_editrc(editLine)
  }

  /// Takes the character locale from the environment; without one, multibyte characters
  /// edit as separate bytes. As Python does since PEP 538, a C or POSIX locale (what
  /// containers, cron and many ssh sessions have) becomes C.UTF-8 where that exists, so UTF-8
  /// typed at the terminal arrives whole.
  static func useCharacterLocale() {
    let name = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
    guard name == "C" || name == "POSIX" else { return }
    for candidate in ["C.UTF-8", "C.utf8", "UTF-8"] where setlocale(LC_CTYPE, candidate) != nil { return }
  }

  deinit {
    el_end(editLine)
    history_end(history)
    free(prompt)
  }

  private static func owner(of editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = trivia_el_client_data(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
  }

  public func read(prompt text: String) -> LineInput {
    edit(prompt: text, restoring: true)
  }

  /// A question the game asks starts on an empty line; what an event set aside waits for
  /// the next `read`.
  public func ask(_ question: String) -> LineInput {
    edit(prompt: question, restoring: false)
  }

  private func edit(prompt text: String, restoring: Bool) -> LineInput {
    let marker = String(UnicodeScalar(UInt8(Self.promptEscape)))
    let styled = style == .ansi ? "\(marker)\u{1B}[1;36m\(marker)\(text)\(marker)\u{1B}[0m\(marker)> " : "\(text)> "
    free(prompt)
    prompt = strdup(styled)
    promptWidth = LineWrapper.width(of: text) + 2
    wasInterrupted = false
    listed = nil
    if restoring, let (text, afterCursor) = setAside {
      el_push(editLine, text + String(repeating: "\u{02}", count: afterCursor))
      setAside = nil
    }
    var count: Int32 = 0
    guard let raw = el_gets(editLine, &count), count > 0 else {
      if let kept = Self.takeEvent() {
        trivia_el_resume_after_event(editLine)
        if !kept.text.isEmpty || restoring { setAside = kept.text.isEmpty ? nil : (kept.text, kept.afterCursor) }
        // The prompt and the line are cleared (colour or not, libedit moves the cursor with
        // escape codes too) and drawn again after whatever the event prints.
        TextOutput.standardOutput.write(clearing(columnsBeforeCursor: kept.columnsBeforeCursor))
        if trivia_take_resize() != 0 {
          el_resize(editLine)
          resized = true
        }
        return .event
      }
      if wasInterrupted {
        TextOutput.standardOutput.write("^C\n")
        return .interrupted
      }
      TextOutput.standardOutput.write("\n")
      return .end
    }
    var line = String(cString: raw)
    if line.hasSuffix("\n") { line.removeLast() }
    let entry = line.trimmingWhitespace
    if !entry.isEmpty { trivia_history_enter(history, entry) }
    return .line(line)
  }

  /// Gives the terminal back its usual mode after an event, where the next read would: before
  /// work that Ctrl-C cancels by its signal, and at the end.
  public func releaseTerminal() {
    trivia_el_release_terminal(editLine)
  }

  /// Whether the terminal was resized since this was last asked.
  public func takeResize() -> Bool {
    defer { resized = false }
    return resized
  }

  /// Forgets the line set aside by an event: the question it answered is gone.
  public func dropSetAside() {
    setAside = nil
  }

  /// The line an event ended, without control characters (a Tab put back would complete),
  /// the characters after its cursor, which ^B (back one character) steps over again, and
  /// the columns the line took on screen before its cursor.
  private static func takeEvent() -> (text: String, afterCursor: Int, columnsBeforeCursor: Int)? {
    var raw: UnsafeMutablePointer<CChar>?
    var cursor: Int32 = 0
    guard trivia_take_event(&raw, &cursor) != 0 else { return nil }
    defer { free(raw) }
    guard let raw else { return ("", 0, 0) }
    let bytes = UnsafeBufferPointer(
      start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
    let isShown = { (scalar: Unicode.Scalar) in scalar.value >= 0x20 && scalar.value != 0x7F }
    let clean = { (part: Slice<UnsafeBufferPointer<UInt8>>) in
      String(decoding: part, as: UTF8.self).unicodeScalars.filter(isShown)
    }
    let split = min(max(Int(cursor), 0), bytes.count)
    let before = clean(bytes[..<split])
    let after = clean(bytes[split...])
    // libedit shows a control character as two, ^X.
    let controls = String(decoding: bytes[..<split], as: UTF8.self).unicodeScalars.count { !isShown($0) }
    let shown = LineWrapper.width(of: String(String.UnicodeScalarView(before))) + 2 * controls
    return (String(String.UnicodeScalarView(before + after)), after.count, shown)
  }

  /// Goes back to the prompt's first row (the line may wrap onto several) and clears from
  /// there down, so the line drawn again is its only copy.
  private func clearing(columnsBeforeCursor: Int) -> String {
    guard let columns = LineWrapper.columns(of: STDOUT_FILENO) else { return "\r\u{1B}[K" }
    let rows = (promptWidth + columnsBeforeCursor) / columns
    return "\r" + (rows > 0 ? "\u{1B}[\(rows)A" : "") + "\u{1B}[J"
  }

  /// Reads a saved history file; a missing one is not an error.
  public func loadHistory(from path: String) {
    trivia_history_load(history, path)
  }

  /// Writes the history in libedit's format; false when it could not.
  public func saveHistory(to path: String) -> Bool {
    trivia_history_save(history, path) >= 0
  }

  /// Tab: complete the text before the cursor to the one match, or to what all matches
  /// share, and list them when that adds nothing.
  private func complete() -> UInt8 {
    guard let completer, let info = el_line(editLine)?.pointee else { return UInt8(CC_ERROR) }
    let length = info.cursor - info.buffer
    let prefix = String(
      decoding: UnsafeRawBufferPointer(start: info.buffer, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
    let matches = completer(prefix)
    guard !matches.isEmpty else { return UInt8(CC_REFRESH_BEEP) }
    let shared = matches.dropFirst().reduce(matches[0]) { $0.commonPrefix(with: $1) }
    let typed = prefix.count
    if matches.count == 1 {
      // A folder goes on: what is in it comes next.
      insert(String(shared.dropFirst(typed)) + (shared.hasSuffix("/") ? "" : " "))
      return UInt8(CC_REFRESH)
    }
    if shared.count > typed {
      insert(String(shared.dropFirst(typed)))
      return UInt8(CC_REFRESH)
    }
    let line = String(
      decoding: UnsafeRawBufferPointer(start: info.buffer, count: info.lastchar - info.buffer).bindMemory(
        to: UInt8.self), as: UTF8.self)
    guard listed != line else { return UInt8(CC_REFRESH_BEEP) }
    listed = line
    let names = matches.map { Sanitizer.clean(Self.lastWord(of: $0)) }
    let rows = Self.rows(of: names, width: LineWrapper.columns(of: STDOUT_FILENO) ?? 80)
    TextOutput.standardOutput.write("\n" + rows.joined(separator: "\n") + "\n")
    return UInt8(CC_REDISPLAY)
  }

  /// Names two spaces apart, in rows that break between names to fit `width` columns.
  static func rows(of names: [String], width: Int) -> [String] {
    var rows: [String] = []
    var row = ""
    for name in names {
      if !row.isEmpty, LineWrapper.width(of: row + "  " + name) > width {
        rows.append(row)
        row = ""
      }
      row += (row.isEmpty ? "" : "  ") + name
    }
    return rows + (row.isEmpty ? [] : [row])
  }

  /// What a listing of matches shows of one: a command's argument (a category may have
  /// spaces), and of a path its last part, as shells list files.
  static func lastWord(of match: String) -> String {
    let body = match.hasSuffix("/") ? match.dropLast() : Substring(match)
    if let slash = body.lastIndex(of: "/") { return String(match[match.index(after: slash)...]) }
    guard let space = match.firstIndex(of: " ") else { return match }
    return String(match[match.index(after: space)...])
  }

  private func insert(_ text: String) {
    el_insertstr(editLine, text)
  }
}

extension String {
  /// The longest start both strings share, ignoring case; this string's spelling is kept.
  func commonPrefix(with other: String) -> String {
    var end = startIndex
    var otherIndex = other.startIndex
    while end < endIndex, otherIndex < other.endIndex,
      self[end].lowercased() == other[otherIndex].lowercased()
    {
      end = index(after: end)
      otherIndex = other.index(after: otherIndex)
    }
    return String(self[..<end])
  }
}
