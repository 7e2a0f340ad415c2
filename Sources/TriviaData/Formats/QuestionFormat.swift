/// The kinds of question file this program reads, told apart by content, never by name.
public enum QuestionFormat: String, Sendable, CaseIterable, CustomStringConvertible, QuestionDecoding {
  /// The project's own JSON: an object with a `"questions"` array (`QuestionFileFormat`).
  case questionFile
  /// A saved Open Trivia DB API response: `"response_code"` and `"results"`.
  case openTriviaDB
  /// OpenTriviaQA text: blocks starting with `#Q` lines.
  case openTriviaQA
  /// Moodle's GIFT text: answers in `{…}`, `=` right and `~` wrong, or `{T}` and `{F}`.
  case gift
  /// Moodle's Aiken text: a question, options `A.` or `A)`, then `ANSWER: A`.
  case aiken
  /// A spreadsheet saved as CSV: a header row (this game's, Kahoot's or Quizizz's), then a
  /// question a row (`CSVFormat`).
  case csv
  /// An Excel or LibreOffice workbook whose first sheet is laid out as a CSV quiz (`XLSXFormat`).
  case xlsx

  public var description: String {
    switch self {
    case .questionFile: "trivia question file"
    case .openTriviaDB: "Open Trivia DB response"
    case .openTriviaQA: "OpenTriviaQA text"
    case .gift: "Moodle GIFT text"
    case .aiken: "Moodle Aiken text"
    case .csv: "CSV spreadsheet"
    case .xlsx: "XLSX workbook"
    }
  }

  /// The credit the format's publisher asks of those who use its questions; nil for a file
  /// of this game's own format, whose author is whoever wrote it.
  public var credit: String? {
    switch self {
    case .questionFile, .gift, .aiken, .csv, .xlsx: nil
    case .openTriviaDB: "Open Trivia Database (opentdb.com), licensed CC BY-SA 4.0"
    case .openTriviaQA: "OpenTriviaQA (github.com/uberspot/OpenTriviaQA), licensed CC BY-SA 4.0"
    }
  }

  /// Why a file is refused, after its name.
  static let notAQuestionFile = "not a question file; " + expectation

  /// What a question file should look like, for messages about files that are none.
  public static let expectation =
    "expected a trivia question file (JSON with a \"questions\" array), an Open Trivia DB response "
    + "(JSON with \"response_code\" and \"results\"), OpenTriviaQA text (blocks that start with #Q lines), "
    + "Moodle GIFT text (answers in { }, = right and ~ wrong, or {T} and {F}), "
    + "Moodle Aiken text (options A. B. … then a line ANSWER: A), "
    + "or a spreadsheet, CSV or XLSX, with a header row (question, correct, wrong…; or Kahoot's or Quizizz's)"

  /// What a spreadsheet quiz should have, for one whose header is not found.
  static let spreadsheetExpectation =
    "expected a row that names a question column and answer columns (question, correct, wrong…; "
    + "Kahoot's Question, Answer 1…, Correct answer(s); Quizizz's Question Text, Option 1…, Correct Answer) "
    + "within the first \(SpreadsheetFormat.headerSearchRows) rows"

  /// The format of `bytes`, or nil when they are none of these.
  ///
  /// JSON (the first thing after any byte-order mark and spaces is `{`) is an Open Trivia DB
  /// response when the first deciding key of its top-level object is `"response_code"` or
  /// `"results"`, and a question file when it is `"questions"`. Those come first in both
  /// formats, so a bank of megabytes is told after a few bytes. A ZIP with `xl/workbook.xml`
  /// is an XLSX workbook. Other text is CSV when one of its first lines is a spreadsheet quiz's
  /// header split at `,` or `;`; else OpenTriviaQA when a line starts with `#Q`; else Aiken when
  /// a line starts with `ANSWER:` just after an option line (`A. …`); else GIFT when it has a
  /// `::title::` or answers in `{…}`.
  public static func detect(bytes: [UInt8]) -> QuestionFormat? {
    bytes.withUnsafeBufferPointer { detect($0) }
  }

  static func detect(_ buffer: UnsafeBufferPointer<UInt8>) -> QuestionFormat? {
    if XLSXFormat.isWorkbook(buffer) { return .xlsx }
    guard JSON.startsWithObject(buffer) else { return detectText(buffer) }
    if let key = JSON.firstTopLevelKey(in: buffer, among: ["questions", "response_code", "results"]) {
      return key == "questions" ? .questionFile : .openTriviaDB
    }
    // Not decided by its top-level keys (broken JSON, say): any key will do, so that the
    // JSON reader gets to say what is wrong, and where.
    if JSON.mentionsKey("response_code", in: buffer) || JSON.mentionsKey("results", in: buffer) {
      return .openTriviaDB
    }
    return JSON.mentionsKey("questions", in: buffer) ? .questionFile : nil
  }

  /// The format of text that is not JSON, or nil.
  private static func detectText(_ buffer: UnsafeBufferPointer<UInt8>) -> QuestionFormat? {
    if CSVFormat.delimiter(buffer) != nil { return .csv }
    if hasQuestionLine(buffer) { return .openTriviaQA }
    if AikenFormat.looksLikeAiken(buffer) { return .aiken }
    return GIFTFormat.looksLikeGIFT(buffer) ? .gift : nil
  }

  /// What `detect` says, or the error for a file that is none of the formats.
  static func detect(_ buffer: UnsafeBufferPointer<UInt8>, name: String) throws(DataSourceError) -> QuestionFormat {
    guard let format = detect(buffer) else {
      throw DataSourceError(file: name, reason: notAQuestionFile)
    }
    return format
  }

  /// Reads a file of any of the formats, told by `detect`.
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    try detect(bytes, name: name).decode(bytes, name: name, locating: locating)
  }

  /// Reads a file of this format; an OpenTriviaQA, GIFT or Aiken file's questions, and a
  /// spreadsheet's without a category, take `category` (GIFT's until its first `$CATEGORY:`),
  /// else a category made from `name`.
  func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String? = nil, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    switch self {
    case .questionFile: try QuestionFileFormat.decode(bytes, name: name, locating: locating)
    case .openTriviaDB: try OpenTriviaDBFormat.decode(bytes, name: name, locating: locating)
    case .openTriviaQA: try OpenTriviaQAFormat.decode(bytes, name: name, category: category, locating: locating)
    case .gift: try GIFTFormat.decode(bytes, name: name, category: category, locating: locating)
    case .aiken: try AikenFormat.decode(bytes, name: name, category: category, locating: locating)
    case .csv: try CSVFormat.decode(bytes, name: name, category: category, locating: locating)
    case .xlsx: try XLSXFormat.decode(bytes, name: name, category: category, locating: locating)
    }
  }

  /// Whether a line begins with `#Q`. Lines are what `OpenTriviaQAFormat` reads as lines:
  /// the first starts after any byte-order marks, and the others after LF,
  /// CR, VT, FF, the file, group and record separators, NEL, U+2028 and U+2029, so every file
  /// that reader finds a block in is detected.
  static func hasQuestionLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index + 3 <= bytes.count, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF {
      index += 3
    }
    var atLineStart = true
    while index + 1 < bytes.count {
      let byte = bytes[index]
      if atLineStart, byte == UInt8(ascii: "#"), bytes[index + 1] == UInt8(ascii: "Q") { return true }
      switch byte {
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E: atLineStart = true
      // NEL is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
      case 0x85: atLineStart = index >= 1 && bytes[index - 1] == 0xC2
      case 0xA8, 0xA9: atLineStart = index >= 2 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80
      default: atLineStart = false
      }
      index += 1
    }
    return false
  }
}
