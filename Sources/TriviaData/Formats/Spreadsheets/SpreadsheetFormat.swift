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

  static func decode(
    _ rows: [SheetRow], name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    guard let found = findHeader(rows) else {
      throw DataSourceError(file: name, reason: "no header row; " + QuestionFormat.spreadsheetExpectation)
    }
    let (headerIndex, header) = found
    let headerRow = rows[headerIndex]
    var reader = SpreadsheetRowReader(
      header: header, file: name, category: category ?? OpenTriviaQAFormat.category(forFileName: name),
      locating: locating)
    var questions: [Question] = []
    questions.reserveCapacity(rows.count - headerIndex)
    var bank = QuestionBank(questions: [])
    // Which of the named columns any row fills, by index.
    var filled = [Bool](repeating: false, count: (header.columns.map(\.index).max() ?? -1) + 1)
    for row in rows[(headerIndex + 1)...] where !row.isBlank {
      for (index, cell) in row.cells.enumerated() where !cell.isEmpty && index < filled.count { filled[index] = true }
      switch reader.read(row) {
      case .question(let question, let location):
        questions.append(question)
        if locating { bank.locations.append(location) }
      case .skipped(let skipped): bank.skipped.append(skipped)
      }
    }
    bank.questions = QuestionList(questions)
    bank.warnings = reader.warnings + unreadColumns(header, row: headerRow.number, filled: filled)
    bank.warnings.sort { ($0.position ?? SourcePosition(line: 0)) < ($1.position ?? SourcePosition(line: 0)) }
    try bank.requireQuestions(
      from: name, otherwise: " (no row below the header in row \(headerRow.number) holds a question)")
    return bank
  }

  /// The first row among the first `headerSearchRows` that is a header, and where it is.
  static func findHeader(_ rows: [SheetRow]) -> (Int, SpreadsheetHeader)? {
    for (index, row) in rows.prefix(headerSearchRows).enumerated() {
      if let header = SpreadsheetHeader(row.cells) { return (index, header) }
    }
    return nil
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
