import ScreenKit
import Testing
import TriviaApp
import TriviaHistory

/// The stats flow with fakes of its navigator protocol and of the history it reads.
@MainActor
@Suite("Stats flow")
struct StatsFlowTests {
  final class Shown: StatsNavigating {
    var shown: [String] = []
    func showStats(_ stats: PlayerStats, category: String?, onDone: @escaping () -> Void) {
      shown.append("\(stats.player ?? category ?? "all") \(stats.overall.answered)")
    }
    func closeStats() { shown.append("close") }
  }

  final class Kept: History {
    func roundStarted(_ round: PlayedRound) -> Int64? { nil }
    func answered(_ answer: AnsweredQuestion, inRound round: Int64?) -> Int64? { nil }
    func roundEnded(_ round: Int64?, score: Int, how: RoundEnding) {}
    func roundResumed(_ round: Int64?, as played: PlayedRound) -> Int64? { round }
    var isKept: Bool { true }
    func bestScore(category: String?, total: Int) -> Int? { nil }
    func lastRoundAnswers() -> [AnsweredQuestion] { [] }
    func nightEnded(_ night: PlayedNight) {}
    func hostedNights() -> [HostedNight]? { [] }
    func missedQuestionIDs() -> Set<Int64> { [] }
    func askedQuestions() -> [Int64: Int64] { [:] }
    func lastAsked(_ id: Int64) -> Int64? { nil }
    func playerNames() -> [String] { ["Ann", "Zoë"] }
    func stats(players names: [String]) -> PlayerStats? {
      var stats = PlayerStats()
      stats.player = names.first
      stats.overall = .init(name: "all", answered: names == ["Zoë"] ? 4 : 0, right: 1)
      return stats
    }
    func stats(category: String?) -> PlayerStats? {
      var stats = PlayerStats()
      stats.categories = [.init(name: "Arts & Literature", answered: 3, right: 2)]
      stats.overall = .init(name: "all", answered: category == nil ? 10 : 3, right: 2)
      return stats
    }
  }

  let navigator = Shown()
  let console = RecordingConsole()

  @Test func allOrOneCategoryHoweverItIsTyped() {
    let flow = StatsFlow(history: Kept(), navigator: navigator, console: console)
    flow.show("")
    flow.show("arts &  literature")
    #expect(navigator.shown == ["all 10", "Arts & Literature 3"])
  }

  @Test func onePlayerWhoTookTurnsHoweverTheNameIsTyped() {
    let flow = StatsFlow(history: Kept(), navigator: navigator, console: console)
    flow.show("ZOE")
    #expect(navigator.shown == ["Zoë 4"])
    #expect(console.lines.isEmpty)
  }

  @Test func anUnknownCategorySaysWhatThereIs() {
    let flow = StatsFlow(history: Kept(), navigator: navigator, console: console)
    flow.show("Astrology")
    #expect(navigator.shown.isEmpty)
    #expect(
      console.lines == [
        "No answers in a category 'Astrology' yet; you have played Arts & Literature."
          + " There is no player 'Astrology' either; the players who took turns: Ann, Zoë."
      ])
  }

  @Test func neitherACategoryOfTheSourceNorAPlayerSaysBoth() {
    let flow = StatsFlow(history: Kept(), navigator: navigator, console: console)
    flow.show("Carol", source: (name: "bundled", categories: ["Arts & Literature", "Science"]))
    #expect(navigator.shown.isEmpty)
    #expect(
      console.lines == [
        "There is no category 'Carol' in bundled; its categories: Arts & Literature, Science."
          + " There is no player 'Carol' either; the players who took turns: Ann, Zoë."
      ])
  }

  @Test func withoutHistoryThereAreNoStats() {
    let flow = StatsFlow(history: nil, navigator: navigator, console: console)
    flow.show("")
    #expect(navigator.shown.isEmpty)
    #expect(console.lines == ["This game keeps no history (--no-history, --record): no stats to show."])
  }
}
