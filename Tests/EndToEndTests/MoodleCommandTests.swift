import Foundation
import Testing

/// Moodle's GIFT and Aiken through the binary (#38): `check` on the hand-written fixtures,
/// `convert` to each and back, and a game played from each.
@Suite("GIFT and Aiken through trivia")
struct MoodleCommandTests {
  /// The hand-written files in Tests/TriviaDataTests/Fixtures.
  static func fixture(_ name: String) -> String { TestsFolder.path("TriviaDataTests/Fixtures/\(name)") }

  @Test("check names each question the game skips in a GIFT file, at its line")
  func checkGIFT() async throws {
    let path = Self.fixture("geography.gift")
    let result = try await Sandbox().run(["check", path])
    #expect(result.status == 1)
    let errors = result.stdout.components(separatedBy: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        "\(path):20: error: the game skips this question: a description with no answers in { }, which the game "
          + "cannot ask",
        "\(path):36: error: the game skips this question: a short-answer question (= answers and no ~ wrong ones), "
          + "which the game cannot ask; true/false is written {T} or {F}",
        "\(path):38: error: the game skips this question: a numerical question ({#…}), which the game cannot ask",
        "\(path):40: error: the game skips this question: a matching question (=…->…), which the game cannot ask",
        "\(path):42: error: the game skips this question: an essay question ({}), which the game cannot ask",
        "\(path):44: error: the game skips this question: 2 answers earn credit (= or a positive %weight%); the "
          + "game asks questions with one right answer",
        "\(path):46: error: the game skips this question: no right answer: mark the right answer with =",
        "\(path):48: error: the game skips this question: answer 2 is empty",
        "\(path):50: error: the game skips this question: answer 3 is the same as an earlier one: 'Atlantic'",
        "\(path):52: error: the game skips this question: a short-answer question (= answers and no ~ wrong ones), "
          + "which the game cannot ask; true/false is written {T} or {F}",
      ])
    #expect(result.stdout.contains("Checked 17 questions (10 skipped) in 1 file: 10 errors,"))
  }

  @Test("check names an Aiken letter that names no option, an empty option and a missing ANSWER: line")
  func checkAiken() async throws {
    let path = Self.fixture("world-capitals.txt")
    let result = try await Sandbox().run(["check", path])
    #expect(result.status == 1)
    let errors = result.stdout.components(separatedBy: "\n").filter { $0.contains(": error: ") }
    #expect(
      errors == [
        "\(path):29: error: the game skips this question: ANSWER: C names no option; the options are A, B",
        "\(path):33: error: the game skips this question: option B is empty",
        "\(path):39: error: the game skips this question: options A and B are the same: 'New York'",
        "\(path):42: error: the game skips this question: no ANSWER: line after the options (ANSWER: then the "
          + "right option's letter)",
      ])
  }

  @Test("The bundled bank through GIFT writes the same JSON as the bank itself")
  func bundledThroughGIFT() async throws {
    let sandbox = try Sandbox()
    let gift = sandbox.work + "/bank.gift"
    let direct = sandbox.work + "/direct.json"
    let through = sandbox.work + "/through.json"
    let toGIFT = try await sandbox.run(["convert", "bundled", "--to", gift])
    #expect(toGIFT.status == 0)
    #expect(toGIFT.stderr.isEmpty)
    #expect(try await sandbox.run(["convert", "bundled", "--to", direct]).status == 0)
    #expect(try await sandbox.run(["convert", gift, "--to", through]).status == 0)
    let expected = try Data(contentsOf: URL(fileURLWithPath: direct))
    #expect(try Data(contentsOf: URL(fileURLWithPath: through)) == expected)
    let again = sandbox.work + "/again.gift"
    #expect(try await sandbox.run(["convert", gift, "--to", again]).status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: gift)))
    let checked = try await sandbox.run(["check", gift])
    #expect(checked.stdout.contains("Checked 1,536 questions in 1 file: no errors"))
  }

  @Test("A game plays from a GIFT file and from an Aiken file, by their content")
  func plays() async throws {
    let sandbox = try Sandbox()
    // No extension that tells: the content does.
    let gift = try sandbox.write(
      "quiz-night", try String(contentsOfFile: Self.fixture("geography.gift"), encoding: .utf8))
    let played = try await sandbox.run(
      ["--source", gift, "--seed", "3", "--no-history", "--script", "-"], input: "category\nquit\n")
    #expect(played.status == 0)
    let categories = try #require(played.transcript.response(to: "category"))
    #expect(categories.contains { $0.contains("Geography") })
    #expect(categories.contains { $0.contains("Science/Nature") })

    let aiken = try sandbox.write(
      "world-capitals.txt", try String(contentsOfFile: Self.fixture("world-capitals-windows.txt"), encoding: .utf8))
    let fromAiken = try await sandbox.run(
      ["--source", aiken, "--seed", "3", "--no-history", "--script", "-"], input: "category\nquit\n")
    #expect(fromAiken.status == 0)
    let aikenCategories = try #require(fromAiken.transcript.response(to: "category"))
    #expect(aikenCategories.contains { $0.contains("World Capitals") })
  }
}
