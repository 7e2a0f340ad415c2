import FixtureFolders
import Foundation
import Testing
import TriviaData
import TriviaTools

/// `trivia convert`: what the game reads, written as the project's JSON, loads back as the
/// same questions.
@Suite("Converting banks")
struct BankConverterTests {
  /// An Open Trivia DB response as the API writes it: HTML entities, levels, a true/false.
  static let openTriviaDB = """
    {"response_code":0,"results":[
    {"type":"multiple","difficulty":"hard","category":"Entertainment: Books","question":"Who wrote &quot;Dune&quot;?",
     "correct_answer":"Frank Herbert","incorrect_answers":["Isaac Asimov","Arthur C. Clarke","Ursula K. Le Guin"]},
    {"type":"boolean","difficulty":"easy","category":"Science &amp; Nature","question":"Water is H&#8322;O.",
     "correct_answer":"True","incorrect_answers":["False"]},
    {"type":"multiple","difficulty":"medium","category":"Art","question":"","correct_answer":"x","incorrect_answers":["y"]}
    ]}
    """

  /// OpenTriviaQA text: no levels, the category from the file name, Windows-1252 and CRLF.
  static let openTriviaQA: [UInt8] =
    Array("#Q Which river flows through Vienna?\r\n^ Danube\r\nA Danube\r\nB Rhine\r\nC Elbe\r\n\r\n".utf8)
    + Array("#Q Caf".utf8) + [0xE9] + Array(" is French for coffee.\r\n^ True\r\nA True\r\nB False\r\n".utf8)

  /// What the game loads from `spec`.
  static func load(_ spec: String) async throws -> QuestionBank {
    try await DataSourceSpec.parse(spec).makeDataSource().load(LoadRequest(count: 50, difficulty: .mixed))
  }

  @Test func convertingThenLoadingGivesTheSameQuestions() async throws {
    let folder = try TemporaryFolder()
    let response = try folder.write("response.json", Self.openTriviaDB)
    let quiz = folder.path + "/world-rivers"
    try Data(Self.openTriviaQA).write(to: URL(fileURLWithPath: quiz))
    let output = folder.path + "/out/bank.json"

    let outcome = try await BankConverter.convert([response, quiz, "bundled"], to: output)
    var expected: [Question] = []
    for spec in [response, quiz, "bundled"] { expected += try await Self.load(spec).questions }
    let written = try await Self.load(output)
    #expect(Array(written.questions) == expected)
    #expect(written.skipped.isEmpty)
    #expect(outcome.questionCount == expected.count)
    #expect(outcome.skipped.map(\.reason) == ["\"question\" is empty"])
    // Levels where the source has them, none where it has not; categories kept.
    #expect(written.questions[0].difficulty == .hard && written.questions[0].category == "Entertainment: Books")
    #expect(written.questions[0].text == "Who wrote \"Dune\"?")
    #expect(written.questions[1].text == "Water is H₂O." && written.questions[1].kind == .boolean)
    #expect(written.questions[2].difficulty == nil && written.questions[2].category == "World Rivers")
    #expect(written.questions[3].text == "Café is French for coffee.")
    // Nothing but the file is left in its folder: the temporary file was renamed over it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/out") == ["bank.json"])
  }

  @Test func itWritesOneQuestionALineThatCheckFindsNothingIn() async throws {
    let folder = try TemporaryFolder()
    let response = try folder.write("response.json", Self.openTriviaDB)
    let output = folder.path + "/bank.json"
    _ = try await BankConverter.convert([response], to: output)
    let text = try String(contentsOfFile: output, encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"schema\": \"trivia-questions/1\",\n  \"questions\": [\n    {\"category\": "))
    #expect(text.split(separator: "\n").count == 7, "one question a line, between 3 lines above and 2 below")
    #expect(CheckReport(paths: [output]).findings.isEmpty)
  }

  @Test func aSourceThatFailsWritesNothing() async throws {
    let folder = try TemporaryFolder()
    let output = try folder.write("bank.json", "kept")
    await #expect(throws: DataSourceError(file: folder.path + "/missing.json", reason: "No such file or directory")) {
      try await BankConverter.convert([folder.path + "/missing.json"], to: output)
    }
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "kept")
  }

  @Test(
    "The whole OpenTriviaQA folder converts and loads back the same",
    .enabled(if: SharedData.exists, "needs ../shared/data/opentriviaqa"))
  func openTriviaQAFolder() async throws {
    let folder = try TemporaryFolder()
    let output = folder.path + "/opentriviaqa.json"
    let outcome = try await BankConverter.convert([SharedData.openTriviaQA], to: output)
    let expected = try await Self.load(SharedData.openTriviaQA)
    #expect(outcome.questionCount == expected.questions.count)
    #expect(outcome.filesIgnored.map(\.location) == ["LICENSE", "README.md"])
    let written = try await Self.load(output)
    #expect(written.questions == expected.questions)
    #expect(written.questions.countsByCategory.map(\.category) == expected.questions.countsByCategory.map(\.category))
  }
}
