import TriviaSheets

/// Questions from a spreadsheet's rows, CSV or XLSX alike: the header row found (below any
/// title rows), then a question a row. A row the game cannot ask is skipped, each of its
/// faults named at its row and column (`quiz.csv, row 12, column "Answer 3"`) so a teacher
/// can find the cell.
///
/// What the game cannot ask is an error and the row is skipped: no question, no right answer
/// or one that is not among the options (Kahoot's `5` with four answers), several right
/// answers, an empty right answer, fewer than two options, two equal options, a Quizizz type
/// without options. What it can ask without is a warning and the question is kept: a time
/// outside `Question.secondsRange` (Kahoot allows 240 s) plays with the game's own limit, an
/// unknown level plays under Mixed, an empty option between others is left out, a column
/// nobody reads is named.
enum SpreadsheetFormat {
  /// Rows looked through for the header: Kahoot's template has a title and notes above its.
  static let headerSearchRows = 30

  /// The questions of the rows `read` gives, in `format`: the header looked for among the
  /// first rows, each row below it read as it comes, none kept. `read` may say first how many
  /// bytes the cells' text takes at most, so that the questions' storage is made once.
  static func decode(
    name: String, category: String?, locating: Bool, as format: QuestionFormat,
    rows read: (_ room: (Int) -> Void, _ each: (SheetRow) -> Void) throws(SheetError) -> Void
  ) throws(DataSourceError) -> QuestionBank {
    var reader: SpreadsheetRowReader?
    var rowsLookedAt = 0
    var room = 0
    let category = category ?? OpenTriviaQAFormat.category(forFileName: name)
    do {
      try read({ room = $0 }) { row in
        if reader != nil {
          reader!.read(row)
        } else if rowsLookedAt < headerSearchRows {
          rowsLookedAt += 1
          guard let header = SpreadsheetHeader(row.cells) else { return }
          reader = SpreadsheetRowReader(
            header: header, headerRow: row.number, file: name, category: category, locating: locating, room: room)
        }
      }
    } catch {
      throw DataSourceError(file: name, reason: error.reason)
    }
    guard var reader else {
      throw DataSourceError(file: name, reason: "no header row; " + QuestionFormat.spreadsheetExpectation)
    }
    reader.warnings += unreadColumns(reader.header, row: reader.headerRow, filled: reader.filled)
    reader.warnings.sort { ($0.position ?? SourcePosition(line: 0)) < ($1.position ?? SourcePosition(line: 0)) }
    var bank = QuestionBank(questions: [])
    bank.add(reader, readAs: format)
    try bank.requireQuestions(
      from: name, otherwise: " (no row below the header in row \(reader.headerRow) holds a question)")
    return bank
  }

  /// A warning for each column the game does not read: a name it does not know (a typo, say,
  /// `Anwser 2`), always; a template's column it has no use for, when a row fills it.
  static func unreadColumns(_ header: SpreadsheetHeader, row: Int, filled: [Bool]) -> [QuestionBank.Skipped.Fault] {
    header.columns.compactMap { column in
      let position = SourcePosition(line: row, column: column.index + 1, columnName: column.name)
      switch column.role {
      case nil:
        return .init(
          reason: "a column the game does not read: its cells are left out (the columns read are "
            + "question, correct, wrong…, category, difficulty, seconds, or Kahoot's or Quizizz's)",
          position: position)
      case .unused? where filled.indices.contains(column.index) && filled[column.index]:
        return .init(reason: "the game does not show this column: its cells are left out", position: position)
      default: return nil
      }
    }
  }
}
