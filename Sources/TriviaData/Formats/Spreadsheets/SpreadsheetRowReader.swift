import TriviaSheets

/// A spreadsheet's rows below its header read as questions, straight into a chunk (no
/// `Question` a row): the faults that skip a row, the warnings a question plays with, and which
/// columns any row fills.
struct SpreadsheetRowReader: QuestionReader {
  let header: SpreadsheetHeader
  /// The header's row, where a warning about a column points.
  let headerRow: Int
  let file: String
  let category: String
  let locating: Bool
  private(set) var chunk = QuestionChunk()
  private(set) var skipped: [QuestionBank.Skipped] = []
  private(set) var locations: [QuestionLocation] = []
  var warnings: [QuestionBank.Skipped.Fault] = []
  /// Which of the header's cells any row fills, by index.
  private(set) var filled: [Bool]

  private let question: SpreadsheetHeader.Column?
  private let correctNumbers: SpreadsheetHeader.Column?
  private let correctText: SpreadsheetHeader.Column?
  private let options: [(number: Int, column: SpreadsheetHeader.Column)]
  private let wrongs: [SpreadsheetHeader.Column]
  private let categoryColumn: SpreadsheetHeader.Column?
  private let difficulty: SpreadsheetHeader.Column?
  private let seconds: SpreadsheetHeader.Column?
  private let type: SpreadsheetHeader.Column?
  /// The answers of the row being read, the right one first: kept from row to row.
  private var answers: [Answer] = []
  /// The category the row before was filed under, and its number in `chunk`.
  private var lastCategory: (name: String, number: Int32)?

  /// `room`: the bytes the rows' text takes at most, so that the chunk is made once.
  init(header: SpreadsheetHeader, headerRow: Int, file: String, category: String, locating: Bool, room: Int) {
    self.header = header
    self.headerRow = headerRow
    self.file = file
    self.category = category
    self.locating = locating
    filled = [Bool](repeating: false, count: (header.columns.map(\.index).max() ?? -1) + 1)
    question = header.column(.question)
    correctNumbers = header.column(.correctNumbers)
    correctText = header.column(.correctText)
    options = header.options
    wrongs = header.columns.filter { $0.role == .wrong }
    categoryColumn = header.column(.category)
    difficulty = header.column(.difficulty)
    seconds = header.column(.seconds)
    type = header.column(.type)
    chunk.reserve(questions: 0, byteCount: room)
  }

  /// An answer's text and its cell's index: a column's name only when a message needs it.
  private struct Answer {
    var text: String
    var cell: Int
  }

  /// A fault of the row: what is wrong, and the column it is in (nil for the row).
  private typealias Fault = (reason: String, column: SpreadsheetHeader.Column?)

  /// The header's column at cell `index`: answers carry their cell's index, a name only when
  /// a message needs it.
  private func column(atCell index: Int) -> SpreadsheetHeader.Column? {
    header.columns.first { $0.index == index }
  }

  mutating func read(_ row: SheetRow) {
    guard !row.isBlank else { return }
    for index in 0..<min(row.cells.count, filled.count) where !filled[index] && !row.cells[index].isEmpty {
      filled[index] = true
    }
    func cell(_ column: SpreadsheetHeader.Column?) -> String {
      guard let column, column.index < row.cells.count else { return "" }
      return row.cells[column.index].trimmedSpaces
    }
    func position(_ column: SpreadsheetHeader.Column?) -> SourcePosition {
      guard let column else { return SourcePosition(line: row.number, columnName: "") }
      return SourcePosition(line: row.number, column: column.index + 1, columnName: column.name)
    }
    var faults: [Fault] = []
    let text = cell(question)
    if text.isEmpty { faults.append(("no question: the cell is empty", question)) }
    let typeName = cell(type)
    if !typeName.isEmpty, !Self.askableTypes.contains(typeName.lowercased()) {
      faults.append(("a \(typeName) question: the game asks only questions with options to choose from", type))
    }
    answers.removeAll(keepingCapacity: true)
    var hasRight = false
    // The answers in `columns` whose cells are filled, in order.
    func addFilled(_ columns: some Sequence<SpreadsheetHeader.Column>) {
      for column in columns {
        let answer = cell(column)
        if !answer.isEmpty { answers.append(Answer(text: answer, cell: column.index)) }
      }
    }
    if correctText != nil || options.isEmpty {
      let answer = cell(correctText)
      if let correctText, !answer.isEmpty {
        answers.append(Answer(text: answer, cell: correctText.index))
        hasRight = true
      } else {
        faults.append(("no right answer: the cell is empty", correctText))
      }
      addFilled(wrongs)
      addFilled(options.lazy.map(\.column))
    } else {
      if let last = options.last(where: { !cell($0.column).isEmpty }) {
        for gap in options where gap.number < last.number && cell(gap.column).isEmpty {
          warnings.append(
            .init(reason: "an empty option: the question is asked with the others", position: position(gap.column)))
        }
      }
      switch rightOptions(cell(correctNumbers), among: options, cell: cell) {
      case .failure(let fault): faults.append((fault.description, correctNumbers))
      case .success(let numbers) where numbers.count > 1:
        let list = numbers.map(String.init).joined(separator: ", ")
        faults.append(("several right answers (\(list)): the game asks questions with one", correctNumbers))
      case .success(let numbers):
        let number = numbers[0]
        if let option = options.first(where: { $0.number == number }) {
          let answer = cell(option.column)
          if answer.isEmpty {
            faults.append(("the right answer, option \(number), is empty", option.column))
          } else {
            answers.append(Answer(text: answer, cell: option.column.index))
            hasRight = true
          }
        } else {
          let count = options.count
          faults.append(
            (
              "the right answer is option \(number), but there \(count == 1 ? "is 1 option" : "are \(count) options")",
              correctNumbers
            ))
        }
      }
      let rightCell = hasRight ? answers[0].cell : -1
      addFilled(options.lazy.map(\.column).filter { $0.index != rightCell })
    }
    if hasRight, answers.count == 1 {
      faults.append(("no wrong answer: a question needs at least two options", options.first?.column ?? wrongs.first))
    }
    for index in answers.indices {
      let answer = answers[index]
      if let earlier = answers[..<index].first(where: { $0.text == answer.text }) {
        let there = column(atCell: earlier.cell).map { " as in column \"\($0.name)\"" } ?? ""
        faults.append(("two equal options: \"\(answer.text)\"\(there)", column(atCell: answer.cell)))
      }
    }
    if let first = faults.first {
      var skipped = QuestionBank.Skipped(
        location: "\(file), \(position(first.column))", reason: first.reason,
        position: locating ? position(first.column) : nil)
      if locating {
        skipped.otherFaults = faults.dropFirst().map { .init(reason: $0.reason, position: position($0.column)) }
      }
      self.skipped.append(skipped)
      return
    }
    // True and False, in any case (a spreadsheet's TRUE), are a true/false question.
    var kind = Question.Kind.multiple
    if answers.count == 2 {
      let first = answers[0].text.lowercased()
      let second = answers[1].text.lowercased()
      if (first, second) == ("true", "false") || (first, second) == ("false", "true") {
        kind = .boolean
        answers[0].text = first == "true" ? "True" : "False"
        answers[1].text = second == "true" ? "True" : "False"
      }
    }
    var level: Difficulty?
    let levelName = cell(difficulty)
    if !levelName.isEmpty {
      level = Difficulty(rawValue: levelName.lowercased())
      if level == nil { warnings.append(.unknownLevel(levelName, at: position(difficulty))) }
    }
    var time: Int?
    let timeText = cell(seconds)
    if !timeText.isEmpty {
      let range = Question.secondsRange
      let value = Self.wholeNumber(timeText)
      if let value, range.contains(value) {
        time = value
      } else {
        let what =
          value == nil
          ? "\"\(timeText)\" is not a whole number of seconds"
          : "\(timeText) seconds is outside the game's times, \(range.lowerBound) to \(range.upperBound)"
        warnings.append(
          .init(reason: what + ": the question plays with the game's own time limit", position: position(seconds)))
      }
    }
    let categoryName = cell(categoryColumn)
    chunk.startQuestion(
      category: categoryNumber(categoryName.isEmpty ? category : categoryName), difficulty: level, kind: kind,
      seconds: time)
    chunk.appendField(text)
    for answer in answers { chunk.appendField(answer.text) }
    if locating {
      var location = QuestionLocation(start: SourcePosition(line: row.number, columnName: ""))
      location.fields[.question] = position(question)
      location.fields[.correctAnswer] = position(column(atCell: answers[0].cell))
      if answers.count > 1 { location.fields[.incorrectAnswers] = position(column(atCell: answers[1].cell)) }
      if !categoryName.isEmpty { location.fields[.category] = position(categoryColumn) }
      if difficulty != nil { location.fields[.difficulty] = position(difficulty) }
      if type != nil { location.fields[.type] = position(type) }
      locations.append(location)
    }
  }

  /// `name`'s number in `chunk`: most rows are filed under the category of the row before.
  private mutating func categoryNumber(_ name: String) -> Int32 {
    if let lastCategory, lastCategory.name == name { return lastCategory.number }
    let number = chunk.categoryNumber(name)
    lastCategory = (name, number)
    return number
  }

  /// Quizizz's types the game can ask: one right option among several.
  static let askableTypes: Set<String> = [
    "multiple choice", "multiple-choice", "multiple", "checkbox", "true/false", "true or false", "quiz", "boolean",
  ]

  /// The numbers of the right options in `text` (`2`, `1,3`, `2.0` as a spreadsheet may keep
  /// a number), or the option whose text it is; a reason when it is neither.
  private func rightOptions(
    _ text: String, among options: [(number: Int, column: SpreadsheetHeader.Column)],
    cell: (SpreadsheetHeader.Column?) -> String
  ) -> Result<[Int], RowFault> {
    let lowest = options.first?.number ?? 1
    let highest = options.last?.number ?? 4
    guard !text.isEmpty else {
      return .failure(RowFault("no right answer: write the number of the right option, \(lowest) to \(highest)"))
    }
    let parts = text.split { $0 == "," || $0 == ";" || $0 == " " }
    let numbers = parts.compactMap { Self.wholeNumber(String($0)) }
    if numbers.count == parts.count, !numbers.isEmpty {
      var unique: [Int] = []
      for number in numbers where !unique.contains(number) { unique.append(number) }
      return .success(unique)
    }
    if let option = options.first(where: { cell($0.column).lowercased() == text.lowercased() }) {
      return .success([option.number])
    }
    return .failure(
      RowFault("\"\(text)\" is not the number of an option: write the number of the right one, \(lowest) to \(highest)")
    )
  }

  struct RowFault: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
  }

  /// `20`, or `20.0` as a spreadsheet keeps a whole number; nil for anything else.
  static func wholeNumber(_ text: String) -> Int? {
    if let value = Int(text) { return value }
    guard let value = Double(text), value.rounded() == value, abs(value) < 1e9 else { return nil }
    return Int(value)
  }
}
