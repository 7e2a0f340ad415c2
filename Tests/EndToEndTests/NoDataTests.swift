import Foundation
import Testing

/// Question files that are missing, broken or partly usable.
@Suite("No data")
struct NoDataTests {
  /// Plays, then checks the no-data screen lets the player look around, go back and leave.
  static let input = "play\nhelp\nback\nplay\nback\nquit\n"

  /// The no-data screen for `reason`, as rendered after `play`.
  static func noDataScreen(source: String, reason: String) -> [String] {
    ["Loading questions from \(source)…"] + Expected.noData(reason: reason)
  }

  /// Checks the run went to the no-data screen with `reason`, back to landing and out.
  static func expectNoData(_ result: ProcessResult, source: String, reason: String) throws {
    #expect(result.status == 0)
    #expect(!result.timedOut)
    #expect(result.stderr.isEmpty)
    let transcript = result.transcript
    #expect(transcript.prompts == ["trivia", "no questions", "no questions", "trivia", "no questions", "trivia"])
    #expect(transcript.response(to: "play") == noDataScreen(source: source, reason: reason))
    let help = try #require(transcript.response(to: "help"))
    #expect(help.first == "You can type:")
    #expect(help.contains { $0.hasPrefix("  retry ") })
    let landing = try #require(transcript.response(to: "back"))
    #expect(landing.contains("TRIVIA"))
    #expect(landing.contains("  Source:     \(source)"))
    #expect(transcript.questions.isEmpty)
  }

  @Test("A missing file says which and why, and the game goes on")
  func missingFile() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.work + "/missing.json"
    let result = try await sandbox.run(["--source", path], input: Self.input)
    try Self.expectNoData(result, source: path, reason: "\(path): No such file or directory")
  }

  @Test("A file that is not JSON names the file, line and column")
  func malformedJSON() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write(
      "broken.json",
      """
      {
        "schema": "trivia-questions/1",
        "questions": [
          {"category": "Art",, "difficulty": "easy"}
        ]
      }

      """)
    let result = try await sandbox.run(["--source", path], input: Self.input)
    let reason = try #require(result.transcript.response(to: "play")?.dropFirst(3).first)
    #expect(reason.hasPrefix("\(path), line 4, column 24: "))
    try Self.expectNoData(result, source: path, reason: reason)
  }

  @Test("A file that is JSON but not a question file says what is missing")
  func notAQuestionFile() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("list.json", "{\"schema\": \"trivia-questions/1\", \"items\": []}\n")
    let result = try await sandbox.run(["--source", path], input: Self.input)
    let reason = try #require(result.transcript.response(to: "play")?.dropFirst(3).first)
    #expect(reason.hasPrefix(path))
    #expect(reason.contains("\"questions\""))
    try Self.expectNoData(result, source: path, reason: reason)
  }

  @Test("A file whose questions are all bad says none could be used, and why")
  func allQuestionsBad() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write(
      "bad.json",
      QuestionFixtures.file([
        QuestionFixtures.question("No level?", difficulty: "impossible"),
        QuestionFixtures.question("Yes or no?", type: "boolean", correct: "Yes", incorrect: ["No"]),
        QuestionFixtures.question("Nothing right?", correct: nil),
      ]))
    let result = try await sandbox.run(["--source", path], input: Self.input)
    try Self.expectNoData(
      result, source: path,
      reason:
        "\(path): no usable questions; 3 skipped (\(path):2: question 1: \"difficulty\" must be easy, medium or hard, not \"impossible\")"
    )
  }

  @Test("A file with 2 good questions and 1 bad plays the 2 and says why the other was skipped")
  func partlyBad() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write(
      "some.json",
      QuestionFixtures.file([
        QuestionFixtures.question("First good?"),
        QuestionFixtures.question("Bad one?", incorrect: []),
        QuestionFixtures.question(
          "Second good?", difficulty: "hard", type: "boolean", correct: "True", incorrect: ["False"]),
      ]))
    let result = try await sandbox.run(["--source", path, "--seed", "3"], input: "play\na\n\na\n\ndone\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    let loading = try #require(transcript.response(to: "play"))
    #expect(
      Array(loading.prefix(4)) == [
        "Loading questions from \(path)…",
        "Loaded 2 questions from \(path) (1 skipped).",
        "  \(path):3: question 2: \"incorrect_answers\" must not be empty",
        "Only 2 questions available; playing 2.",
      ])
    let questions = transcript.questions
    #expect(questions.count == 2)
    #expect(Set(questions.map(\.text)) == ["First good?", "Second good?"])
    #expect(questions.allSatisfy { $0.total == 2 })
    #expect(!result.stdout.contains("Bad one?"))
    #expect(result.stdout.contains("Round complete\nScore: "))
    #expect(transcript.prompts.suffix(2) == ["round over", "trivia"])
  }

  @Test("A level with no questions says what there is")
  func noQuestionsAtLevel() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("easy.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(["--source", path, "--difficulty", "hard"], input: Self.input)
    #expect(result.transcript.response(to: "play")?.contains("Loaded 2 questions from \(path) (0 skipped).") == true)
    #expect(result.transcript.response(to: "play")?.contains("  Available: 2 easy.") == true)
    #expect(result.transcript.response(to: "play")?.contains("\(path) has no hard questions.") == true)
    #expect(
      result.transcript.prompts == ["trivia", "no questions", "no questions", "trivia", "no questions", "trivia"])
    #expect(result.status == 0)
  }

  @Test("From the no-data screen, options can change the level and retry then plays")
  func retryAfterOptions() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("easy.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(
      ["--source", path, "--difficulty", "hard", "--seed", "1"], input: "play\noptions\ndifficulty\neasy\ndone\nretry\n"
    )
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.prompts == [
        "trivia", "no questions", "options", "difficulty", "options", "no questions", "question 1/2",
      ])
    #expect(transcript.questions.count == 1)
    #expect(transcript.questions.first?.difficulty == "Easy")
  }

  @Test("Options changed over the no-data screen are checked again at once, and play there plays")
  func recheckAfterOptions() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("easy.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(
      ["--source", path, "--difficulty", "hard", "--seed", "1"],
      input: "play\noptions\ndifficulty\neasy\ndone\nplay\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    // The options open over the no-data screen, which then says what the new level finds.
    #expect(
      transcript.response(to: "done")
        == Expected.noData(reason: "There are questions for these options now.", details: ["Type play to start."]))
    #expect(transcript.prompts.suffix(2) == ["no questions", "question 1/2"])
    #expect(transcript.questions.first?.difficulty == "Easy")
  }

  @Test("retry on the no-data screen deals again from what is loaded, without loading it again")
  func retryKeepsWhatIsLoaded() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("easy.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(["--source", path, "--difficulty", "hard"], input: "play\nretry\n")
    let retry = try #require(result.transcript.response(to: "retry"))
    #expect(!retry.contains { $0.hasPrefix("Loading questions") })
    #expect(retry.contains("\(path) has no hard questions."))
  }
}
