/// Stands in for Sources/TriviaData/Formats/Spreadsheets in the fuzz build: those files read
/// through TriviaSheets, CSV.swift and ZIPFoundation, packages a plain swiftc build lacks.
/// `QuestionFormat` names them, so the module needs them; these fuzzers read no spreadsheet
/// (the `sheet` target fuzzes a workbook's XML readers themselves).
enum SpreadsheetFormat {
  static let headerSearchRows = 30
}

enum CSVFormat {
  static func delimiter(_ bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? { nil }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    throw DataSourceError("\(name): the fuzz build reads no CSV")
  }
}

enum XLSXFormat {
  static func isWorkbook(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { false }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    throw DataSourceError("\(name): the fuzz build reads no workbook")
  }
}
