extension SpreadsheetFormat {
  /// A cell to write: its text, and whether it is a number (a workbook keeps it as one).
  struct Cell: Equatable {
    var text: String
    var isNumber = false
  }

  /// `questions` as this game's own sheet: a header, `question`, `correct`, a `wrong` column
  /// for each wrong answer of the question with most, then `category`, `difficulty` and
  /// `seconds`; a row a question. A true/false question is `True` or `False` right and the
  /// other wrong, which `decode` reads back as true/false: what this writes reads back as the
  /// same questions.
  static func rows(_ questions: some Sequence<Question>) -> [[Cell]] {
    let questions = Array(questions)
    let wrongCount = max(1, questions.map(\.incorrectAnswers.count).max() ?? 1)
    let names =
      ["question", "correct"] + repeatElement("wrong", count: wrongCount) + ["category", "difficulty", "seconds"]
    var rows = [names.map { Cell(text: $0) }]
    rows.reserveCapacity(questions.count + 1)
    for question in questions {
      var row = [Cell(text: question.text), Cell(text: question.correctAnswer)]
      row += question.incorrectAnswers.map { Cell(text: $0) }
      row += repeatElement(Cell(text: ""), count: wrongCount - question.incorrectAnswers.count)
      row.append(Cell(text: question.category))
      row.append(Cell(text: question.difficulty?.rawValue ?? ""))
      row.append(question.seconds.map { Cell(text: String($0), isNumber: true) } ?? Cell(text: ""))
      rows.append(row)
    }
    return rows
  }
}
