import TriviaSheets

/// A spreadsheet saved as CSV: UTF-8 with or without a byte-order mark (or Windows-1252, as
/// Excel's plain "CSV" is saved on a Western Windows), `,` or `;` between cells, RFC 4180
/// quoting. Its cells are read by TriviaSheets (yaslab's CSV.swift), its questions by
/// `SpreadsheetFormat`.
public enum CSVFormat {
  /// Lines looked through for the header when telling the format, as `SpreadsheetFormat`
  /// looks through rows.
  static let headerSearchLines = SpreadsheetFormat.headerSearchRows

  /// The delimiter of a CSV quiz: the first of the first lines that is a header (a question
  /// column and an answer column) when split at `,` or at `;`; nil when none is.
  ///
  /// Lines are split as they are, a quoted cell's delimiter and line break aside: this tells
  /// the format, and the CSV reader reads the cells.
  static func delimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var linesSeen = 0
    // A header is near the top: a file of megabytes is told by its first 64 KB.
    let end = min(bytes.count, index + 65_536)
    while index < end, linesSeen < headerSearchLines {
      var lineEnd = index
      while lineEnd < end, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
      if lineEnd > index {
        linesSeen += 1
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<lineEnd]), as: UTF8.self)
        for delimiter: Character in [",", ";"] where line.contains(delimiter) {
          let cells = line.split(separator: delimiter, omittingEmptySubsequences: false).map { cell in
            String(String(cell).trimmedSpaces.drop { $0 == "\"" })
          }
          if SpreadsheetHeader(cells) != nil { return delimiter.unicodeScalars.first }
        }
      }
      index = lineEnd + 1
    }
    return nil
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    guard let delimiter = delimiter(bytes) else {
      throw DataSourceError(file: name, reason: "no header row; " + QuestionFormat.spreadsheetExpectation)
    }
    return try SpreadsheetFormat.decode(name: name, category: category, locating: locating, as: .csv) {
      room, each throws(SheetError) in
      // The text of the cells is at most the file's.
      room(bytes.count)
      try CSVSheet.read(text(bytes), delimiter: delimiter, rows: each)
    }
  }

  /// The file's text without its byte-order mark: UTF-8, or Windows-1252 when it is not
  /// well-formed UTF-8.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let body = UnsafeBufferPointer(rebasing: bytes[(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)...])
    return Windows1252.withUTF8(body) { String(decoding: $0, as: UTF8.self) }
  }

  /// `questions` as CSV with this game's header (`question,correct,wrong,…,category,
  /// difficulty,seconds`), as many `wrong` columns as the question with most wrong answers
  /// needs. UTF-8 with a byte-order mark, which Excel needs to read it as UTF-8 and
  /// LibreOffice and this reader pass over; CRLF line ends, as RFC 4180 has them.
  public static func encode(_ questions: some Sequence<Question>) -> [UInt8] {
    let rows = SpreadsheetFormat.rows(questions)
    var out: [UInt8] = [0xEF, 0xBB, 0xBF]
    for row in rows {
      out += CSVSheet.record(row.map(\.text)).utf8
      out += [0x0D, 0x0A]
    }
    return out
  }
}
