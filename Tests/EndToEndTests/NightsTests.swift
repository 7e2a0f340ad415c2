import Foundation
import Testing
import TriviaHistory

/// `nights` on the landing: the nights hosted here, read from a history the game kept.
@Suite("Nights")
struct NightsTests {
  /// Two nights kept as a host's game keeps them, in the history file at `path`.
  @MainActor
  static func keepTwoNights(at path: String) {
    let history = SQLiteHistory(path: path) { Issue.record("history said: \($0)") }
    history.nightEnded(
      PlayedNight(
        title: "Quiz", source: "bundled", secondsPerQuestion: 20, endedEarly: false,
        players: [
          .init(place: 1, name: "Ann", score: 2_000, hasLeft: false),
          .init(place: 2, name: "Bob", score: 1_000, hasLeft: false),
          .init(place: 3, name: "Cy", score: 0, hasLeft: true),
        ],
        questions: [
          .init(number: 1, question: "Symbol for gold?", correctAnswer: "Au", answered: 3, right: 2),
          .init(number: 2, question: "Largest planet?", correctAnswer: "Jupiter", answered: 2, right: 1),
        ]))
    history.nightEnded(
      PlayedNight(
        title: "Rematch", source: "bundled", secondsPerQuestion: 10, endedEarly: true,
        players: [.init(place: 1, name: "Bob", score: 990, hasLeft: false)], questions: []))
    history.close()
  }

  @Test("nights lists the nights newest first; nights N shows one night's final table")
  func listAndTable() async throws {
    let sandbox = try Sandbox()
    await Self.keepTwoNights(at: sandbox.historyFile)
    let result = try await sandbox.run(["--seed", "1"], input: "nights\nnights 1\ndone\nnights 7\ndone\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    let list = try #require(transcript.response(to: "nights"))
    let date = try #require(list.dropFirst(3).first.map { String($0.dropFirst(5).prefix(10)) })
    #expect(date.count == 10 && date.allSatisfy { $0.isNumber || $0 == "-" }, "\(date)")
    #expect(
      list == [
        "",
        "Nights hosted here",
        "  #  Date        Title    Players  Winner",
        "  2  \(date)  Rematch        1  Bob (990)",
        "  1  \(date)  Quiz           3  Ann (2,000)",
        "Type nights N for night N's final table, done to go back.",
      ])
    #expect(
      transcript.response(to: "nights 1") == [
        "",
        "Night 1: Quiz, \(date)",
        "2 questions of 20 seconds from bundled.",
        "  1  Ann        2,000",
        "  2  Bob        1,000",
        "  3  Cy (left)      0",
        "Type done to go back.",
      ])
    // Done on the table goes back to the list, and one not kept is said in one sentence.
    #expect(transcript.response(to: "done")?.dropFirst().first == "Nights hosted here")
    #expect(transcript.response(to: "nights 7") == ["There is no night 7 here: type nights for the 2 hosted here."])
    #expect(transcript.prompts == ["trivia", "nights", "nights", "nights", "nights", "trivia"])
  }

  @Test("Without history, or with no night kept, nights says so in one sentence")
  func noNights() async throws {
    let sandbox = try Sandbox()
    let none = try await sandbox.run(["--no-history"], input: "nights\nquit\n")
    #expect(
      none.transcript.response(to: "nights")
        == ["This game keeps no history (--no-history, --record): no nights to show."])
    let empty = try await sandbox.run([], input: "nights\nquit\n")
    #expect(empty.transcript.response(to: "nights") == ["No nights hosted here yet: type host to host one."])
    #expect(empty.transcript.prompts == ["trivia", "trivia"])
  }
}
