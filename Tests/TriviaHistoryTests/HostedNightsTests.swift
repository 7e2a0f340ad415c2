import Foundation
import Testing
import TriviaData
import TriviaHistory

/// The nights a host kept, read back from the file as `nights` lists them.
@MainActor
@Suite("Hosted nights")
final class HostedNightsTests {
  let folder = NSTemporaryDirectory() + "trivia-nights-" + UUID().uuidString

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func history() -> SQLiteHistory {
    SQLiteHistory(path: folder + "/history.sqlite") { Issue.record("said: \($0)") }
  }

  func night(_ title: String, players: [String], endedEarly: Bool = false) -> PlayedNight {
    PlayedNight(
      title: title, source: "bundled", secondsPerQuestion: 20, endedEarly: endedEarly,
      players: players.enumerated().map {
        PlayedNight.Player(
          place: $0.offset + 1, name: $0.element, score: 2000 - 1000 * $0.offset, hasLeft: $0.offset == 2)
      },
      questions: [
        PlayedNight.Question(
          number: 1, question: "Symbol for gold?", correctAnswer: "Au", answered: 3, right: 2,
          // Each player's answer comes back as kept, none in time included.
          answers: players.enumerated().map {
            .init(
              name: $0.element, chosen: $0.offset == 1 ? nil : "Au", isRight: $0.offset != 1,
              milliseconds: $0.offset == 1 ? nil : 1200 * ($0.offset + 1), points: $0.offset == 1 ? 0 : 950)
          }),
        PlayedNight.Question(number: 2, question: "Largest planet?", correctAnswer: "Jupiter", answered: 2, right: 1),
      ])
  }

  @Test func aNewHistoryHasNoNightsAndMakesNoFile() {
    #expect(history().hostedNights() == [])
    #expect(!FileManager.default.fileExists(atPath: folder + "/history.sqlite"))
  }

  @Test func nightsComeBackWholeNewestFirstWithTheirNumbers() throws {
    let first = night("Quiz", players: ["Ann", "Bob", "Cy"])
    let second = night("Rematch", players: ["Bob"], endedEarly: true)
    let writer = history()
    writer.nightEnded(first)
    writer.nightEnded(second)
    writer.close()

    let nights = try #require(history().hostedNights())
    #expect(nights.map(\.number) == [2, 1])
    #expect(nights.map(\.night) == [second, first])
    let today = nights[0].date
    #expect(today.count == 10 && today.allSatisfy { $0.isNumber || $0 == "-" }, "\(today)")
  }

  @Test func aNightWithoutPlayersIsKeptAndRead() throws {
    let writer = history()
    writer.nightEnded(night("Empty room", players: []))
    #expect(writer.hostedNights()?.map(\.night.players) == [[]])
  }
}
