import FixtureFolders
import Foundation
import ProcessSpawn
import Testing
import TriviaData
import TriviaTools

/// `trivia convert --to quiz.csv|quiz.xlsx`: the bank taken to a spreadsheet and back
/// unchanged.
@Suite("Writing spreadsheets")
struct SpreadsheetWritingTests {
  static func load(_ spec: String) async throws -> QuestionBank {
    try await DataSourceSpec.parse(spec).makeDataSource().load(LoadRequest(count: 50, difficulty: .mixed))
  }

  static func contents(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test(
    "The bundled bank to a spreadsheet, back to JSON: the same questions; written again, the same bytes",
    arguments: ["csv", "xlsx"])
  func roundTrip(format: String) async throws {
    let folder = try TemporaryFolder()
    let sheet = folder.path + "/bank.\(format)"
    let bundled = Array(try await Self.load("bundled").questions)
    try #require(bundled.count == 1536)

    let written = try await BankConverter.convert(["bundled"], to: sheet)
    #expect(written.questionCount == 1536 && written.skipped.isEmpty)
    let read = try await Self.load(sheet)
    #expect(Array(read.questions) == bundled)
    #expect(read.skipped.isEmpty)

    let json = folder.path + "/bank.json"
    _ = try await BankConverter.convert([sheet], to: json)
    #expect(Array(try await Self.load(json).questions) == bundled)

    let again = folder.path + "/again.\(format)"
    _ = try await BankConverter.convert([sheet], to: again)
    #expect(try Self.contents(again) == Self.contents(sheet))
  }

  /// The workbook is read by a reader not ours: openpyxl (Debian's python3-openpyxl, which
  /// `make test-tools` installs), which teachers' own scripts use, finds each question's cells
  /// through the shared string table.
  @Test("The workbook written reads in openpyxl, cell for cell")
  func openpyxlReadsIt() async throws {
    let folder = try TemporaryFolder()
    let sheet = folder.path + "/bank.xlsx"
    let bundled = Array(try await Self.load("bundled").questions)
    _ = try await BankConverter.convert(["bundled"], to: sheet)
    let script = """
      import json, sys, openpyxl
      sheet = openpyxl.load_workbook(sys.argv[1], read_only=True).worksheets[0]
      print(json.dumps([["" if cell is None else str(cell) for cell in row] for row in sheet.iter_rows(values_only=True)]))
      """
    let run = try Child.run("/usr/bin/python3", arguments: ["-c", script, sheet])
    try #require(run.status == 0, "python3 with openpyxl (make test-tools installs python3-openpyxl): \(run.errorText)")
    let rows = try JSONDecoder().decode([[String]].self, from: Data(run.outputText.utf8))
    try #require(rows.count == bundled.count + 1)
    let header = rows[0]
    let category = try #require(header.firstIndex(of: "category"))
    let level = try #require(header.firstIndex(of: "difficulty"))
    #expect(Array(header[..<category]) == ["question", "correct"] + Array(repeating: "wrong", count: category - 2))
    for (row, question) in zip(rows.dropFirst(), bundled) {
      let wrong = row[2..<category].filter { !$0.isEmpty }
      #expect(
        [row[0], row[1]] + wrong == [question.text, question.correctAnswer] + question.incorrectAnswers,
        "row of \(question.text)")
      #expect(row[category] == question.category && row[level] == (question.difficulty?.rawValue ?? ""))
    }
  }

  @Test("What the bundled bank does not have: a time of its own, a question without a level, more wrong answers")
  func secondsAndGaps() async throws {
    let folder = try TemporaryFolder()
    let questions = [
      Question(
        category: "Maths", difficulty: nil, kind: .multiple, text: "6 × 7?", correctAnswer: "42",
        incorrectAnswers: ["41", "43", "44", "45", "_x000D_ stays"], seconds: 45),
      Question(
        category: "Science, of a kind", difficulty: .easy, kind: .boolean, text: "  \"Quoted\",\nsaid she.",
        correctAnswer: "False", incorrectAnswers: ["True"], seconds: nil),
    ]
    let source = try folder.write("source.json", QuestionFileFormat.encode(questions))
    for format in ["csv", "xlsx"] {
      let sheet = folder.path + "/quiz.\(format)"
      _ = try await BankConverter.convert([source], to: sheet)
      let read = Array(try await Self.load(sheet).questions)
      #expect(read.count == 2)
      #expect(read.first == questions[0], "\(format)")
      // Read back trimmed, as every reader trims a cell.
      #expect(read.last?.text == "\"Quoted\",\nsaid she.", "\(format)")
      #expect(read.last?.correctAnswer == "False" && read.last?.kind == .boolean, "\(format)")
    }
  }

  @Test("The CSV written: this game's header, RFC 4180 quoting, CRLF, a BOM for Excel")
  func csvText() throws {
    let bytes = CSVFormat.encode([
      Question(
        category: "Books", difficulty: .hard, kind: .multiple, text: "Who wrote \"Dune\"?",
        correctAnswer: "Frank Herbert", incorrectAnswers: ["Isaac Asimov", "Clarke, Arthur C."], seconds: 30)
    ])
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
    #expect(
      String(decoding: bytes.dropFirst(3), as: UTF8.self)
        == "question,correct,wrong,wrong,category,difficulty,seconds\r\n"
        + "\"Who wrote \"\"Dune\"\"?\",Frank Herbert,Isaac Asimov,\"Clarke, Arthur C.\",Books,hard,30\r\n")
  }

  @Test("A file named for no format written: an error that names the extensions, and nothing written")
  func unknownExtension() async throws {
    let folder = try TemporaryFolder()
    let error = await #expect(throws: DataSourceError.self) {
      try await BankConverter.convert(["bundled"], to: folder.path + "/quiz.doc")
    }
    #expect(
      error?.message
        == "\(folder.path)/quiz.doc: cannot tell what to write: name the file .json (the game's own JSON), "
        + ".csv or .xlsx (a spreadsheet), .gift (Moodle GIFT), or .aiken or .txt (Moodle Aiken)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
