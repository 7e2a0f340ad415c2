import TriviaSheets

/// An Excel or LibreOffice workbook: the first sheet's cells read by TriviaSheets (its ZIP by
/// ZIPFoundation), its questions by `SpreadsheetFormat` as a CSV file's are.
public enum XLSXFormat {
  /// Whether `bytes` are a ZIP with the entry every workbook has, by its local headers:
  /// cheap enough for telling a format by content.
  static func isWorkbook(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count > 30, bytes[0] == 0x50, bytes[1] == 0x4B, bytes[2] == 0x03, bytes[3] == 0x04 else { return false }
    let name = Array("xl/workbook.xml".utf8)
    var index = 0
    while index + name.count <= bytes.count {
      if bytes[index] == name[0], bytes[index..<(index + name.count)].elementsEqual(name) { return true }
      index += 1
    }
    return false
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    try SpreadsheetFormat.decode(name: name, category: category, locating: locating, as: .xlsx) {
      room, each throws(SheetError) in try XLSXSheet.read(bytes, room: room, rows: each)
    }
  }

  /// `questions` as a workbook of one sheet, `Questions`, with the header CSV is written
  /// with; the seconds a number cell, the rest text.
  public static func encode(_ questions: some Sequence<Question>) throws(DataSourceError) -> [UInt8] {
    let rows = SpreadsheetFormat.rows(questions).map { row in
      row.map { cell in cell.isNumber ? XLSXWriter.Cell.number(Int(cell.text) ?? 0) : .text(cell.text) }
    }
    do {
      return try XLSXWriter.workbook(sheet: "Questions", rows: rows)
    } catch {
      throw DataSourceError("cannot make the workbook: \(error.reason)")
    }
  }
}
