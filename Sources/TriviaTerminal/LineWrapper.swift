import EditLineShim
import Glibc
import ScreenKit

/// Breaks lines between words to fit the terminal, so a long question does not wrap in the
/// middle of a word. A continued line is indented like the first, and past a list marker
/// (`  1) `, `  a) `), so answers stay in their column. A word no line could hold (a long
/// path) is broken after a slash, never in the middle of a name.
public struct LineWrapper: Sendable {
  public var width: Int

  public init(width: Int) {
    self.width = width
  }

  /// The columns of the terminal on `descriptor`, or nil when it is not a terminal.
  public static func columns(of descriptor: Int32) -> Int? {
    TerminalSize.of(descriptor)?.columns
  }

  public func wrap(_ line: Line) -> [Line] {
    var cells = line.spans.flatMap { span in span.text.map { (character: $0, style: span.style) } }
    guard Self.width(of: cells.lazy.map(\.character)) > width else { return [line] }
    let indent = line.hangingIndent ?? Self.indent(of: cells.map(\.character))
    // Too narrow for the indent and a word or so: break without it.
    let hanging = indent + 8 <= width ? indent : 0
    var lines: [Line] = []
    var first = true
    while !cells.isEmpty {
      let room = first ? width : width - hanging
      var end = 0
      var used = 0
      var lastBreak: Int?
      var lastItem: Int?
      while end < cells.count {
        let next = Self.width(of: cells[end].character)
        if used + next > room { break }
        if cells[end].character == " ", end > 0 {
          lastBreak = end
          if cells[end - 1].character == "," { lastItem = end }
        }
        used += next
        end += 1
      }
      if line.isList, let lastItem { lastBreak = lastItem }
      if end == cells.count {
        lines.append(Self.line(cells[...], indent: first ? 0 : hanging))
        break
      }
      // Break at the last space that fits; a word longer than any line's room (a path) after
      // its last slash that fits, so it begins here; else it is cut.
      let wordStart = lastBreak.map { $0 + 1 } ?? 0
      var wordEnd = end
      while wordEnd < cells.count, cells[wordEnd].character != " " { wordEnd += 1 }
      let longest = width - hanging
      let slash =
        Self.width(of: cells[wordStart..<wordEnd].lazy.map(\.character)) > longest
        ? cells[wordStart..<end].lastIndex { $0.character == "/" }.map { $0 + 1 } : nil
      // (Not so early that a line holds a slash and little else.)
      let cut = slash.flatMap { $0 > wordStart + 1 && $0 >= room / 2 ? $0 : nil } ?? lastBreak ?? max(end, 1)
      lines.append(Self.line(cells[..<cut], indent: first ? 0 : hanging))
      var rest = cut
      while rest < cells.count, cells[rest].character == " " { rest += 1 }
      cells.removeFirst(rest)
      first = false
    }
    return lines
  }

  /// Leading spaces, and a list marker after them: `  1) ` is 5. (A line laid out in
  /// columns says where it continues: `Line.hangingIndent`.)
  static func indent(of characters: [Character]) -> Int {
    var index = 0
    while index < characters.count, characters[index] == " " { index += 1 }
    var marker = index
    while marker < characters.count, marker - index < 3, characters[marker].isLetter || characters[marker].isNumber {
      marker += 1
    }
    if marker > index, marker + 1 < characters.count, characters[marker] == ")", characters[marker + 1] == " " {
      return marker + 2
    }
    return index
  }

  static func line(_ cells: ArraySlice<(character: Character, style: Line.Style)>, indent: Int) -> Line {
    var spans: [Line.Span] = indent > 0 ? [Line.Span(text: String(repeating: " ", count: indent), style: .plain)] : []
    var trimmed = cells
    while let last = trimmed.last, last.character == " " { trimmed.removeLast() }
    for cell in trimmed {
      if let last = spans.last, last.style == cell.style {
        spans[spans.count - 1].text.append(cell.character)
      } else {
        spans.append(Line.Span(text: String(cell.character), style: cell.style))
      }
    }
    return Line(spans: spans)
  }

  /// Columns the characters take on a terminal.
  public static func width(of characters: some Sequence<Character>) -> Int {
    characters.reduce(0) { $0 + width(of: $1) }
  }

  /// Columns a character takes: 2 for wide ones (CJK, most emoji), as the C library says.
  static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first, scalar.value >= 0x80 else { return 1 }
    return trivia_character_width(scalar.value) == 2 ? 2 : 1
  }
}
