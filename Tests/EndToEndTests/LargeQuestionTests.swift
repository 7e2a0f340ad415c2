import Testing

/// Questions far larger than any real bank, which once crashed the game screen.
@Suite("Large questions")
struct LargeQuestionTests {
  @Test("A question with 160 or more answers can be played")
  func manyAnswers() async throws {
    let sandbox = try Sandbox()
    let answers = (1..<170).map { "Answer \($0)" }
    let path = try sandbox.write(
      "many.json",
      QuestionFixtures.file([QuestionFixtures.question("Which one?", correct: "Answer 0", incorrect: answers)]))
    // No crash report: it takes seconds to symbolicate.
    let result = try await sandbox.run(
      ["--source", path, "--seed", "1"], input: "play\na\n\nquit\n", extraEnvironment: ["SWIFT_BACKTRACE": "enable=no"])
    #expect(result.transcript.questions.first?.answers.count == 170)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Score so far: "))
  }
}
