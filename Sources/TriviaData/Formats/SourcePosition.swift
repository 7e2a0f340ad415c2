/// A place in a question file, numbered as editors number it: lines from 1, and columns from
/// 1 counting characters. Tools that point a person at a question (`trivia check`) need it;
/// the game itself never asks for it, so its loads do not pay for it.
///
/// In a spreadsheet (CSV, XLSX) a line is a row as the spreadsheet program numbers it, and a
/// column is named by its header, as a teacher finds it: `row 12, column "Answer 3"`.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var line: Int
  /// Nil where only the line is known.
  public var column: Int?
  /// Set for a place in a spreadsheet: its column's header, or "" for the whole row.
  public var columnName: String?

  public init(line: Int, column: Int? = nil, columnName: String? = nil) {
    self.line = line
    self.column = column
    self.columnName = columnName
  }

  /// `line 3, column 5`, or `line 3`: how the loaders' messages name a place; in a
  /// spreadsheet `row 12, column "Answer 3"`, or `row 12`.
  public var description: String {
    if let columnName {
      return columnName.isEmpty ? "row \(line)" : "row \(line), column \"\(columnName)\""
    }
    return column.map { "line \(line), column \($0)" } ?? "line \(line)"
  }

  public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
    (lhs.line, lhs.column ?? 0) < (rhs.line, rhs.column ?? 0)
  }
}
