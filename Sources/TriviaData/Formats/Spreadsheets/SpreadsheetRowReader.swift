import TriviaSheets

/// One row read as a question, with the faults that stop it and the warnings it plays with.
struct SpreadsheetRowReader {
  enum Outcome {
    case question(Question, QuestionLocation)
    case skipped(QuestionBank.Skipped)
  }

  let header: SpreadsheetHeader
  let file: String
  let category: String
  let locating: Bool
  private let question: SpreadsheetHeader.Column?
  private let correctNumbers: SpreadsheetHeader.Column?
  private let correctText: SpreadsheetHeader.Column?
  private let options: [(number: Int, column: SpreadsheetHeader.Column)]
  private let wrongs: [SpreadsheetHeader.Column]
  private let categoryColumn: SpreadsheetHeader.Column?
  private let difficulty: SpreadsheetHeader.Column?
  private let seconds: SpreadsheetHeader.Column?
  private let type: SpreadsheetHeader.Column?
  private(set) var warnings: [QuestionBank.Skipped.Fault] = []

  init(header: SpreadsheetHeader, file: String, category: String, locating: Bool) {
    self.header = header
    self.file = file
    self.category = category
    self.locating = locating
    question = header.column(.question)
    correctNumbers = header.column(.correctNumbers)
    correctText = header.column(.correctText)
    options = header.options
    wrongs = header.columns.filter { $0.role == .wrong }
    categoryColumn = header.column(.category)
    difficulty = header.column(.difficulty)
    seconds = header.column(.seconds)
    type = header.column(.type)
  }

  /// A fault of the row: what is wrong, and the column it is in (nil for the row).
  private typealias Fault = (reason: String, column: SpreadsheetHeader.Column?)

  mutating func read(_ row: SheetRow) -> Outcome {
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
    // The answers, each with the column it is in.
    var right: (text: String, column: SpreadsheetHeader.Column?)?
    var wrong: [(text: String, column: SpreadsheetHeader.Column)] = []
    if correctText != nil || options.isEmpty {
      let answer = cell(correctText)
      if answer.isEmpty {
        faults.append(("no right answer: the cell is empty", correctText))
      } else {
        right = (answer, correctText)
      }
      for column in wrongs + options.map(\.column) {
        let answer = cell(column)
        if !answer.isEmpty { wrong.append((answer, column)) }
      }
    } else {
      let filled = options.filter { !cell($0.column).isEmpty }
      if let last = filled.last {
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
            right = (answer, option.column)
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
      for option in filled where option.column.index != right?.column?.index {
        wrong.append((cell(option.column), option.column))
      }
    }
    if right != nil, wrong.isEmpty {
      faults.append(("no wrong answer: a question needs at least two options", options.first?.column ?? wrongs.first))
    }
    var answers: [(String, SpreadsheetHeader.Column?)] = right.map { [($0.text, $0.column)] } ?? []
    answers += wrong.map { ($0.text, $0.column) }
    for (index, answer) in answers.enumerated() {
      if let earlier = answers[..<index].first(where: { $0.0 == answer.0 }) {
        let there = earlier.1.map { " as in column \"\($0.name)\"" } ?? ""
        faults.append(("two equal options: \"\(answer.0)\"\(there)", answer.1))
      }
    }
    if let first = faults.first {
      var skipped = QuestionBank.Skipped(
        location: "\(file), \(position(first.column))", reason: first.reason,
        position: locating ? position(first.column) : nil)
      if locating {
        skipped.otherFaults = faults.dropFirst().map { .init(reason: $0.reason, position: position($0.column)) }
      }
      return .skipped(skipped)
    }
    // True and False, in any case (a spreadsheet's TRUE), are a true/false question.
    var kind = Question.Kind.multiple
    if answers.count == 2, Set(answers.map { $0.0.lowercased() }) == ["true", "false"] {
      kind = .boolean
      answers = answers.map { ($0.0.lowercased() == "true" ? "True" : "False", $0.1) }
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
    let made = Question(
      category: categoryName.isEmpty ? category : categoryName, difficulty: level, kind: kind, text: text,
      correctAnswer: answers[0].0, incorrectAnswers: answers.dropFirst().map { $0.0 }, seconds: time)
    var location = QuestionLocation(start: SourcePosition(line: row.number, columnName: ""))
    if locating {
      location.fields[.question] = position(question)
      location.fields[.correctAnswer] = position(right.flatMap(\.column))
      if let first = wrong.first { location.fields[.incorrectAnswers] = position(first.column) }
      if !categoryName.isEmpty { location.fields[.category] = position(categoryColumn) }
      if difficulty != nil { location.fields[.difficulty] = position(difficulty) }
      if type != nil { location.fields[.type] = position(type) }
    }
    return .question(made, location)
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
