import ScreenKit
import Testing
import TriviaApp
import TriviaHistory

/// `nights` and `nights N`, with a fake of the flow's own protocol.
@MainActor
@Suite("Nights flow")
struct NightsFlowTests {
  final class Shown: NightsNavigating {
    var shown: [String] = []
    var done: (() -> Void)?
    func showNights(_ nights: [HostedNight], number: Int?, onDone: @escaping () -> Void) {
      shown.append("\(nights.map(\.number)) \(number.map(String.init) ?? "list")")
      done = onDone
    }
    func closeNights() { shown.append("close") }
  }

  let navigator = Shown()
  let console = RecordingConsole()

  func night(_ title: String) -> PlayedNight {
    PlayedNight(title: title, source: "bundled", secondsPerQuestion: 20, endedEarly: false, players: [], questions: [])
  }

  @Test func theListOrOneNightAndBack() throws {
    let history = MemoryHistory()
    history.nightEnded(night("Quiz"))
    history.nightEnded(night("Rematch"))
    let flow = NightsFlow(history: history, navigator: navigator, console: console)
    flow.show("")
    flow.show("1")
    let done = try #require(navigator.done)
    done()
    #expect(navigator.shown == ["[2, 1] list", "[2, 1] 1", "close"])
    #expect(console.lines.isEmpty)
  }

  @Test func noHistoryNoNightsOrNoSuchNightIsOneSentence() {
    NightsFlow(history: nil, navigator: navigator, console: console).show("")
    let empty = NightsFlow(history: MemoryHistory(), navigator: navigator, console: console)
    empty.show("")
    let history = MemoryHistory()
    history.nightEnded(night("Quiz"))
    let one = NightsFlow(history: history, navigator: navigator, console: console)
    one.show("2")
    one.show("first")
    #expect(navigator.shown.isEmpty)
    #expect(
      console.lines == [
        "This game keeps no history (--no-history, --record): no nights to show.",
        "No nights hosted here yet: type host to host one.",
        "There is no night 2 here: type nights for the 1 hosted here.",
        "There is no night first here: type nights for the 1 hosted here.",
      ])
  }

  @Test func offeredOnTheLandingAndOverTheList() {
    let offer = NightsFlow(history: nil, navigator: navigator, console: console).commands
    #expect(offer.map(\.command.name) == ["nights"])
    #expect(offer.first?.screens == [.landing, .nights])
  }
}
