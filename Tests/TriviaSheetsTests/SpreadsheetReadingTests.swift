import Testing
import TriviaData
import TriviaSheets

/// Spreadsheets read as their users save them: Kahoot's and Quizizz's templates, this game's
/// own columns, CSV with a BOM, CRLF, semicolons and quoted line breaks, workbooks from
/// openpyxl and one written by hand.
@Suite("Reading spreadsheets")
struct SpreadsheetReadingTests {
  static let kahootQuestions = [
    SheetFixtures.question(
      "What is the capital of Norway?", "Oslo", ["Bergen", "Trondheim", "Stavanger"], category: "Kahoot", seconds: 20),
    SheetFixtures.question("The Sun is a star.", "True", ["False"], category: "Kahoot", seconds: 10),
    // 240 s, which Kahoot allows, is longer than the game's longest time: the game's own limit.
    SheetFixtures.question(
      "In which year did Apollo 11 land on the Moon?", "1969", ["1967", "1971"], category: "Kahoot"),
    SheetFixtures.question(
      "Which gas do plants take in?", "Carbon dioxide", ["Oxygen", "Nitrogen"], category: "Kahoot", seconds: 60),
  ]

  @Test(
    "Kahoot's template, as a workbook and as CSV: title rows above the header, numbers for the right answer",
    arguments: ["kahoot.xlsx", "kahoot.csv", "libreoffice/kahoot.xlsx"])
  func kahoot(file: String) throws {
    let bank = try SheetFixtures.bank(file)
    #expect(Array(bank.questions) == Self.kahootQuestions)
    let correct = "column \"Correct answer(s) - choose at least one\""
    #expect(
      bank.skipped.map(\.description) == [
        "\(file), row 11, \(correct): several right answers (2, 4): the game asks questions with one",
        "\(file), row 12, \(correct): the right answer is option 5, but there are 4 options",
      ])
    #expect(
      bank.warnings.map { "\($0.position!): \($0.reason)" } == [
        "row 10, column \"Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs\": 240 seconds is outside the "
          + "game's times, 5 to 120: the question plays with the game's own time limit",
        "row 14, column \"Answer 2 - max 75 characters\": an empty option: the question is asked with the others",
      ])
    #expect(bank.formats == [file.hasSuffix("xlsx") ? .xlsx : .csv])
  }

  @Test(
    "Quizizz's template: its types, five options, and columns the game does not show",
    arguments: ["quizizz.xlsx", "quizizz.csv", "libreoffice/quizizz.csv"])
  func quizizz(file: String) throws {
    let bank = try SheetFixtures.bank(file, locating: true)
    #expect(
      Array(bank.questions) == [
        SheetFixtures.question(
          "Which ocean is the largest?", "Pacific", ["Atlantic", "Indian", "Arctic"], category: "Quizizz", seconds: 30),
        SheetFixtures.question(
          "Which element has the symbol Fe?", "Iron", ["Lead", "Tin", "Zinc", "Gold"], category: "Quizizz",
          seconds: 45),
      ])
    #expect(
      bank.skipped.map(\.description) == [
        "\(file), row 3, column \"Correct Answer\": several right answers (1, 3): the game asks questions with one",
        "\(file), row 4, column \"Question Type\": a Fill-in-the-Blank question: the game asks only questions with "
          + "options to choose from",
      ])
    // Located, every fault of a row is named, each at its cell.
    #expect(
      bank.skipped[1].otherFaults.map { "\($0.position!): \($0.reason)" } == [
        "row 4, column \"Correct Answer\": no right answer: write the number of the right option, 1 to 5"
      ])
    #expect(
      bank.warnings.map { "\($0.position!): \($0.reason)" } == [
        "row 1, column \"Image Link\": the game does not show this column: its cells are left out",
        "row 1, column \"Answer explanation\": the game does not show this column: its cells are left out",
      ])
    #expect(bank.locations.map(\.start.description) == ["row 2", "row 5"])
    #expect(bank.locations[1].position(of: .correctAnswer).description == "row 5, column \"Option 1\"")
  }

  @Test(
    "This game's columns in CSV: BOM, CRLF, a quoted line break, doubled quotes, empty rows; and as LibreOffice saves it",
    arguments: ["simple.csv", "libreoffice/simple.xlsx"])
  func simple(file: String) throws {
    let bank = try SheetFixtures.bank(file)
    #expect(
      Array(bank.questions) == [
        SheetFixtures.question(
          "Who wrote \"Dune\"?", "Frank Herbert", ["Isaac Asimov", "Arthur C. Clarke", "Ursula K. Le Guin"],
          category: "Books", difficulty: .hard, seconds: 30),
        SheetFixtures.question(
          "Which line is from a poem?\nPick one", "Shall I compare thee", ["To be, or not to be"], category: "Poetry",
          difficulty: .medium),
        SheetFixtures.question(
          "Water boils at 100 °C at sea level.", "True", ["False"], category: "Science", difficulty: .easy,
          seconds: 15),
        // No category: the file's name, as an OpenTriviaQA file's questions take it.
        SheetFixtures.question("Café is French for?", "Coffee", ["Tea", "Cake"], category: "Simple"),
      ])
    #expect(bank.skipped.isEmpty && bank.warnings.isEmpty)
  }

  @Test("Semicolons, as Excel saves CSV where the decimal mark is a comma; Windows-1252, as its plain CSV")
  func semicolonsAndWindows1252() throws {
    let semicolons = try SheetFixtures.bank("semicolon.csv")
    #expect(
      Array(semicolons.questions) == [
        SheetFixtures.question("Wie viel ist 1,5 + 1,5?", "3", ["2,5", "3,5"], category: "Mathe"),
        SheetFixtures.question("Welche Stadt liegt am Rhein?", "Köln", ["München", "Berlin"], category: "Erdkunde"),
      ])
    let windows = try SheetFixtures.bank("windows-1252.csv")
    #expect(windows.questions.first?.text == "Which drink is a café crème?")
  }

  /// Its first sheet by the workbook's order, shared and inline strings, rich text, a phonetic
  /// guide left out, booleans, formulas, CDATA, skipped cells.
  @Test("A workbook written by hand, with what openpyxl does not write")
  func handmade() throws {
    var rows: [SheetRow] = []
    try SheetFixtures.bytes("handmade.xlsx").withUnsafeBufferPointer { bytes in
      try XLSXSheet.read(bytes) { rows.append($0) }
    }
    #expect(
      rows == [
        SheetRow(number: 1, cells: ["question", "correct", "wrong", "", "wrong"]),
        SheetRow(number: 3, cells: ["Which city is 東京 ?", "Tokyo & more", "Kyoto", "", "Osaka"]),
        SheetRow(number: 4, cells: ["Line one\r\nline two <b>", "TRUE", "FALSE", ""]),
        SheetRow(number: 5, cells: ["What is 6 * 7 <really>?", "42", "41.5", "", "#N/A"]),
      ])
    let bank = try SheetFixtures.bank("handmade.xlsx")
    #expect(
      Array(bank.questions) == [
        SheetFixtures.question("Which city is 東京 ?", "Tokyo & more", ["Kyoto", "Osaka"], category: "Handmade"),
        SheetFixtures.question("Line one\r\nline two <b>", "True", ["False"], category: "Handmade"),
        SheetFixtures.question("What is 6 * 7 <really>?", "42", ["41.5", "#N/A"], category: "Handmade"),
      ])
  }

  @Test("A workbook of a thousand questions")
  func thousand() throws {
    let bank = try SheetFixtures.bank("thousand.xlsx")
    #expect(bank.questions.count == 1000 && bank.skipped.isEmpty)
    #expect(
      bank.questions.first
        == SheetFixtures.question(
          "Item 1: what is 1 plus one?", "2", ["3", "4", "5"], category: "Numbers 1", difficulty: .medium,
          seconds: 11))
    #expect(
      bank.questions.last
        == SheetFixtures.question(
          "Item 1000: what is 1000 plus one?", "1001", ["1002", "1003", "1004"], category: "Numbers 6",
          difficulty: .medium, seconds: 10))
  }

  /// A workbook is read as it is unpacked, in pieces of about 64 KB: a cell far longer than a
  /// piece, and rows that a piece's end cuts anywhere, read as they were written.
  @Test("A cell longer than the pieces a workbook is unpacked in, among thousands of rows")
  func longerThanAPiece() throws {
    let long = String(repeating: "Ünïcode & <markup> ", count: 20_000)
    var rows: [[XLSXWriter.Cell]] = [[.text("question"), .text("correct"), .text("wrong")]]
    for number in 1...3000 {
      rows.append([.text(number == 1500 ? long : "Question \(number)?"), .text("Yes \(number)"), .number(number)])
    }
    let workbook = try XLSXWriter.workbook(sheet: "Questions", rows: rows)
    var read: [SheetRow] = []
    try workbook.withUnsafeBufferPointer { bytes in try XLSXSheet.read(bytes) { read.append($0) } }
    #expect(read.count == rows.count)
    #expect(read.map(\.number) == Array(1...rows.count))
    for (row, written) in zip(read, rows) {
      let cells = written.map { cell in
        switch cell {
        case .text(let text): text
        case .number(let number): String(number)
        }
      }
      // Compared apart, so that a failure names the row without printing 400 KB of it.
      let same = row.cells == cells
      #expect(same, "row \(row.number) read as other cells than were written")
    }
  }

  @Test("Told by content, whatever the name: a spreadsheet quiz is one, other CSV and ZIP files are not")
  func detection() throws {
    for (file, format) in [
      ("kahoot.xlsx", QuestionFormat.xlsx), ("quizizz.csv", .csv), ("semicolon.csv", .csv), ("simple.csv", .csv),
      ("handmade.xlsx", .xlsx),
    ] {
      #expect(QuestionFormat.detect(bytes: try SheetFixtures.bytes(file)) == format, "\(file)")
    }
    #expect(QuestionFormat.detect(bytes: Array("name,age\r\nBob,3\r\n".utf8)) == nil)
    // A question column alone is not a quiz: no answers.
    #expect(QuestionFormat.detect(bytes: Array("question,notes\nWhy?,x\n".utf8)) == nil)
    #expect(QuestionFormat.detect(bytes: Array("#Q Why?\n^ A\nA A\nB B\n".utf8)) == .openTriviaQA)
    // A ZIP that is no workbook.
    #expect(QuestionFormat.detect(bytes: [0x50, 0x4B, 0x03, 0x04] + Array(repeating: 0, count: 40)) == nil)
  }

  @Test("Columns told by how their names begin, case aside; a typo named, a time that is no number said")
  func headerNames() throws {
    let text = """
      QUESTION - max 120 characters;answer 1 - max 75;Answer2;Answer 3 (optional);Correct Answers;TIME LIMIT (sec);Anwser 4
      Which letter comes third?;A;B;C;3;30;D
      Which letter comes first?;A;B;;1;soon;
      """
    let bank = try Array(text.utf8).withUnsafeBufferPointer {
      try QuestionFormat.decode($0, name: "letters.csv", locating: true)
    }
    #expect(
      Array(bank.questions) == [
        SheetFixtures.question("Which letter comes third?", "C", ["A", "B"], category: "Letters", seconds: 30),
        SheetFixtures.question("Which letter comes first?", "A", ["B"], category: "Letters"),
      ])
    #expect(
      bank.warnings.map { "\($0.position!): \($0.reason)" } == [
        "row 1, column \"Anwser 4\": a column the game does not read: its cells are left out (the columns read are "
          + "question, correct, wrong…, category, difficulty, seconds, or Kahoot's or Quizizz's)",
        "row 3, column \"TIME LIMIT (sec)\": \"soon\" is not a whole number of seconds: the question plays with the "
          + "game's own time limit",
      ])
  }

  @Test(
    "A hostile workbook: a column reference past any counter, a cell ended before it began, a missing shared string"
  )
  func hostile() throws {
    let error = #expect(throws: DataSourceError.self) { try SheetFixtures.bank("hostile.xlsx") }
    #expect(error?.message == "hostile.xlsx: row 2 refers to a shared string the workbook does not have")
    // Its central directory cut off, as a download that stopped short.
    let truncated = Array(try SheetFixtures.bytes("kahoot.xlsx").dropLast(100))
    let broken = #expect(throws: DataSourceError.self) {
      try truncated.withUnsafeBufferPointer { try QuestionFormat.decode($0, name: "cut.xlsx") }
    }
    #expect(broken?.message == "cut.xlsx: not a readable XLSX workbook (a broken ZIP)")
  }

  @Test("A spreadsheet without a header, and one with a header and no question: why, in a sentence")
  func noQuestions() throws {
    let noHeader = Array("just,some\ncells,here\n".utf8)
    #expect(throws: DataSourceError.self) {
      try noHeader.withUnsafeBufferPointer { try QuestionFormat.decode($0, name: "x.csv") }
    }
    let empty = Array("question,correct,wrong\n\n,,\n".utf8)
    let error = #expect(throws: DataSourceError.self) {
      try empty.withUnsafeBufferPointer { try QuestionFormat.decode($0, name: "empty.csv") }
    }
    #expect(
      error?.message == "empty.csv: no usable questions; 0 skipped (no row below the header in row 1 holds a question)")
  }
}
