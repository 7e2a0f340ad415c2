import Foundation
import Testing

/// A round of long questions saved at `quit` is resumed at the next start (issue #36): the
/// game reads back every `session.json` it writes, whatever its size, and refuses none.
@Suite("A long round saved")
struct LongRoundSessionTests {
  /// Twenty questions of some 4,000 characters each: a round of them is some 80 KB saved,
  /// past the 64 KiB once allowed when read back.
  static func longQuestions() -> String {
    QuestionFixtures.file(
      (1...20).map { number in
        let words = (1...700).map { "word\($0 % 97)" }.joined(separator: " ")
        return QuestionFixtures.question("Question \(number): \(words)?", correct: "Right")
      })
  }

  @Test("quit on a round of long questions saves it, and the next start resumes it, the file not moved aside")
  func longRoundResumes() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("long.json", Self.longQuestions())
    let arguments = ["--source", source, "--seed", "4", "--count", "20"]
    let first = try await sandbox.run(arguments, input: "play\na\n\nquit\n")
    #expect(first.status == 0)
    #expect(first.transcript.response(to: "quit") == [Expected.roundSaved])
    let saved = try Data(contentsOf: URL(fileURLWithPath: sandbox.sessionPath))
    try #require(saved.count > 65_536, "the round saved is only \(saved.count) bytes: not a test of a long one")

    let second = try await sandbox.run(arguments, input: "resume\nquit\n")
    #expect(second.status == 0)
    #expect(!second.stdout.contains("session.json"), "\(second.stdout.prefix(600))")
    #expect(second.transcript.response(to: "resume")?.first == "Resuming question 2 of 20.")
    #expect(second.transcript.prompts.last == "question 2/20")
    let folder = sandbox.state + "/trivia"
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".corrupt-") }.isEmpty)
    // Saved again at this quit: nothing of the round is lost.
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.sessionPath)).count > 65_536)
  }
}
