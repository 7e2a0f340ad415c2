import CSV

/// A spreadsheet saved as CSV, read by yaslab's CSV.swift: RFC 4180's quoting (doubled
/// quotes, line breaks in quoted fields), CRLF or LF, with the delimiter the header was
/// found with (Excel writes `;` where the decimal mark is a comma).
public enum CSVSheet {
  /// The rows of `text`, a file's text without its byte-order mark, given to `each` in order.
  /// A blank line is a row, as a spreadsheet program shows it, so that row numbers match what
  /// the teacher sees.
  public static func read(_ text: String, delimiter: Unicode.Scalar, rows each: (SheetRow) -> Void) throws(SheetError) {
    let reader: CSVReader
    do {
      reader = try CSVReader(string: text, hasHeaderRow: false, trimFields: false, delimiter: delimiter)
    } catch {
      throw SheetError("cannot read the CSV: \(error)")
    }
    var count = 0
    while let cells = reader.next() {
      count += 1
      each(SheetRow(number: count, cells: cells))
    }
    if let error = reader.error {
      throw SheetError("cannot read the CSV after row \(count): \(error)")
    }
  }

  /// `cells` as one CSV record, RFC 4180: a field with the delimiter, a quote, a line break
  /// or a space at either end is quoted, its quotes doubled; no line end.
  public static func record(_ cells: [String], delimiter: Character = ",") -> String {
    cells.map { cell in
      let needsQuotes =
        cell.contains { $0 == delimiter || $0 == "\"" || $0.isNewline }
        || cell.first?.isWhitespace == true || cell.last?.isWhitespace == true
      guard needsQuotes else { return cell }
      return "\"" + cell.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }.joined(separator: String(delimiter))
  }
}
