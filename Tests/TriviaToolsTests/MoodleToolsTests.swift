import FixtureFolders
import Foundation
import Testing
import TriviaData
import TriviaTools

/// `trivia convert` and `trivia check` on Moodle's GIFT and Aiken (#38), through their
/// public API.
@Suite("GIFT and Aiken in the tools")
struct MoodleToolsTests {
  static let gift = """
    $CATEGORY: $course$/top/Space

    // difficulty: easy
    Which planet is red?{=Mars ~Venus ~Saturn}

    Which planet has rings you can see with a small telescope?{
      =Saturn
      ~Mercury
      ~
      ~Mercury
    }

    How many moons has Mars?{#2}

    Pluto is a planet.{F}
    """

  static let aiken = """
    Which planet is red?
    A. Venus
    B. Mars
    ANSWER: B

    Which planet is closest to the Sun?
    A. Mercury
    B. Venus
    ANSWER: D
    """

  static func load(_ path: String) async throws -> QuestionBank {
    try await FileDataSource(path: path).load(LoadRequest(count: 50, difficulty: .mixed))
  }

  @Test func theWriterIsChosenByTheExtension() throws {
    let question = Question(
      category: "Space", difficulty: .easy, kind: .boolean, text: "Pluto is a planet.", correctAnswer: "False",
      incorrectAnswers: ["True"])
    let list = QuestionList([question])
    func written(_ name: String) throws -> String {
      String(decoding: try BankConverter.Output(path: name).encode(list), as: UTF8.self)
    }
    let json = try written("out/bank.json")
    #expect(json.contains(#""schema": "trivia-questions/1""#))
    let gift = try written("quiz.GIFT")
    #expect(gift.hasSuffix("$CATEGORY: $course$/top/Space\n\n// difficulty: easy\nPluto is a planet. {F}\n"))
    for name in ["quiz.aiken", "quiz.txt"] {
      let aiken = try written(name)
      #expect(aiken == "Pluto is a planet.\nA. True\nB. False\nANSWER: B\n\n")
    }
    for name in ["quiz.ods", "quiz", "my.quiz/bank", ".gift"] {
      #expect(throws: DataSourceError.self) { try BankConverter.Output(path: name) }
    }
  }

  @Test func anUnknownExtensionIsRefusedBeforeAnythingIsRead() async throws {
    let folder = try TemporaryFolder()
    let output = folder.path + "/bank.quiz"
    await #expect(
      throws: DataSourceError(
        file: output,
        reason: "cannot tell what to write: name the file .json (the game's own JSON), .csv or .xlsx "
          + "(a spreadsheet), .gift (Moodle GIFT), or .aiken or .txt (Moodle Aiken)")
    ) {
      _ = try await BankConverter.convert([folder.path + "/missing.gift"], to: output)
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test func giftToJSONToGIFTKeepsTheQuestions() async throws {
    let folder = try TemporaryFolder()
    let source = try folder.write("space.gift", Self.gift)
    let json = folder.path + "/space.json"
    let outcome = try await BankConverter.convert([source], to: json)
    #expect(outcome.questionCount == 2)
    #expect(
      outcome.skipped.map(\.description) == [
        "\(source):6: answer 3 is empty", "\(source):13: a numerical question ({#…}), which the game cannot ask",
      ])
    let gift = folder.path + "/again.gift"
    _ = try await BankConverter.convert([json], to: gift)
    let original = try await Self.load(source)
    #expect(Array(try await Self.load(json).questions) == Array(original.questions))
    #expect(Array(try await Self.load(gift).questions) == Array(original.questions))
    let aiken = folder.path + "/space.aiken"
    _ = try await BankConverter.convert([gift], to: aiken)
    #expect(try await Self.load(aiken).questions.map(\.text) == original.questions.map(\.text))
  }

  @Test func checkNamesEachFaultAtItsLine() throws {
    let folder = try TemporaryFolder()
    let gift = try folder.write("space.gift", Self.gift)
    let aiken = try folder.write("space.txt", Self.aiken)
    let report = CheckReport(paths: [gift, aiken])
    let lines = report.findings.filter { $0.severity == .error }.map(\.description)
    #expect(
      lines == [
        "\(gift):9: error: the game skips this question: answer 3 is empty",
        "\(gift):10: error: the game skips this question: answer 4 is the same as an earlier one: 'Mercury'",
        "\(gift):13: error: the game skips this question: a numerical question ({#…}), which the game cannot ask",
        "\(aiken):9: error: the game skips this question: ANSWER: D names no option; the options are A, B",
      ])
    #expect(report.exitStatus(strict: false) == 1)
  }

  /// A level or a time the game does not know, in the comments it reads, is told at the
  /// comment, once: not again as a question without a level.
  @Test func checkTellsALevelOrATimeItCannotReadOnce() throws {
    let folder = try TemporaryFolder()
    let gift = try folder.write(
      "levels.gift",
      """
      // difficulty: easy
      Which planet is red?{=Mars ~Venus}

      // difficulty: extreme
      // seconds: 300
      Which planet has rings?{=Saturn ~Mercury}
      """)
    let report = CheckReport(paths: [gift])
    #expect(
      report.lines(strict: false) == [
        "\(gift):4: warning: \"extreme\" is not easy, medium or hard: the question plays only under Mixed",
        "\(gift):5: warning: \"300\" is not a number of seconds from 5 to 120: the question plays with the "
          + "game's own time limit",
        "Checked 2 questions in 1 file: no errors, 2 warnings.",
      ])
  }
}
