/// One row of a spreadsheet as the text of its cells, numbered as a spreadsheet program
/// numbers it, so that a message can send a teacher to `row 12`.
public struct SheetRow: Sendable, Equatable {
  /// From 1, as the program shows it: a CSV file's records (a quoted line break stays in its
  /// cell), an XLSX sheet's `r` attribute.
  public var number: Int
  /// Cells from column A; a cell the file leaves out is "".
  public var cells: [String]

  public init(number: Int, cells: [String]) {
    self.number = number
    self.cells = cells
  }

  /// Whether every cell is empty or spaces: a row a teacher left between questions.
  public var isBlank: Bool {
    // Most rows start with a cell whose first byte is visible ASCII: not blank, at once.
    if let first = cells.first?.utf8.first, (0x21..<0x80).contains(first) { return false }
    return cells.allSatisfy { $0.allSatisfy(\.isWhitespace) }
  }
}

/// Why a spreadsheet's cells could not be read at all (a broken ZIP, CSV with an unclosed
/// quote), in words for after the file's name.
public struct SheetError: Error, Sendable, Equatable {
  public var reason: String

  public init(_ reason: String) {
    self.reason = reason
  }
}
