import NavigatorKit
import NavigatorKitTesting
import OptionsScreen
import ScreenKit
import Testing
import TriviaApp
import TriviaData

/// The coordinator, its flows and the real AppNavigator together, driven by typed lines:
/// input, guards, links, resume, the options flow.
@MainActor
@Suite("Navigation flows")
struct NavigationFlowTests {
  let sessions = MemorySessionStore()
  let app: TestApp
  let events: NavigationRecorder
  var console: RecordingConsole { app.console }
  var navigator: Navigator<any TerminalView> { app.navigator }
  var coordinator: AppCoordinator { app.coordinator }

  init() {
    app = TestApp(sessions: sessions)
    events = NavigationRecorder(observing: app.navigator)
  }

  func start(confirming answer: Bool) {
    navigator.confirm = { [console] question in
      console.lines.append("asked: \(question)")
      return answer
    }
    coordinator.start()
  }

  func type(_ lines: String...) async {
    for line in lines { await app.type(line) }
  }

  @Test func inputGoesToTheActiveScreenThenToGlobalCommands() async {
    start(confirming: true)
    await type("play")
    navigator.expectStack(["landing", "game"])
    #expect(app.input.prompt == "question 1/3")
    await type("1")
    #expect(app.input.prompt == "continue")
    await type("")
    #expect(app.input.prompt == "question 2/3")
    #expect(console.lines.contains("Question 2 of 3  Test · Easy"))
  }

  @Test func unknownInputNamesHelpAndChangesNothing() async {
    start(confirming: true)
    let before = navigator.stack
    await type("dance")
    #expect(console.lines.last == "Unknown command 'dance'. Type help to see what you can do here.")
    #expect(navigator.stack == before)
    let count = console.lines.count
    await type("   ")
    #expect(console.lines.count == count, "an empty line just asks again")
  }

  @Test func helpListsTheScreensCommandsAndTheGlobalOnes() async {
    start(confirming: true)
    await type("help")
    let words = [
      "play", "options", "difficulty", "category", "source", "stats", "review", "about", "nights", "host", "join",
      "help", "back", "where", "open", "quit",
    ]
    let help = console.lines.suffix(words.count + 1)
    #expect(help.first == "You can type:")
    for word in words {
      #expect(help.contains { $0.hasPrefix("  \(word) ") }, "\(word)")
    }
    #expect(app.input.commands.completions(for: "") == words)
  }

  @Test func backFromARoundAsksAndNoKeepsIt() async throws {
    start(confirming: false)
    await type("play", "1", "back")
    #expect(console.lines.contains("asked: Abandon this round?"))
    #expect(console.lines.contains("Staying here."))
    navigator.expectStack(["landing", "game"])
    #expect(coordinator.round != nil)
  }

  @Test func backFromARoundAsksAndYesLeaves() async throws {
    start(confirming: true)
    await type("play", "1", "back")
    navigator.expectStack(["landing"])
    #expect(coordinator.round == nil)
    #expect(console.lines.contains("Round abandoned."))
  }

  @Test func backLeavesEachScreenTheRightWay() async {
    start(confirming: true)
    await type("back")
    #expect(console.lines.last == "Nothing to go back to; type quit to leave.")
    await type("options", "difficulty")
    navigator.expectStack(["landing", "options", "difficulty"])
    await type("back")
    navigator.expectStack(["landing", "options"])
    await type("back")
    navigator.expectStack(["landing"])
  }

  @Test func aFinishedRoundLeavesWithoutAsking() async throws {
    start(confirming: false)
    await type("play")
    for _ in 0..<3 { await type("1", "") }
    navigator.expectStack(["landing", "game", "complete"])
    #expect(console.lines.contains { $0.hasPrefix("Score: ") })
    await type("done")
    navigator.expectStack(["landing"])
    #expect(!console.lines.contains { $0.hasPrefix("asked:") })
    #expect(coordinator.round == nil)
  }

  @Test func aLinkThatLeavesTheGameIsGuardedToo() async throws {
    start(confirming: false)
    await type("play", "1")
    for link in ["trivia://landing", "trivia://options", "trivia://difficulty", "trivia://play?count=2"] {
      await type("open \(link)")
      #expect(navigator.stack == ["landing", "game"], "\(link)")
    }
    #expect(console.lines.filter { $0 == "asked: Abandon this round?" }.count == 4)
    #expect(coordinator.round != nil)
  }

  @Test func aLinkThatLeavesTheGameWithConsentEndsTheRound() async throws {
    start(confirming: true)
    await type("play", "1", "open trivia://options")
    navigator.expectStack(["landing", "options"])
    #expect(coordinator.round == nil)
  }

  @Test func aLinkToTheRoundPlayingIsIgnored() async throws {
    start(confirming: false)
    await type("play", "1", "open trivia://play?count=3&difficulty=mixed")
    #expect(events.kinds.last == .ignored)
    #expect(console.lines.last == "You are already playing that round.")
  }

  @Test func theOptionsFlowIsASubNavigatorReleasedWhenDone() async throws {
    start(confirming: true)
    weak var options: OptionsScreen?
    await type("options")
    options = navigator.activeView as? OptionsScreen
    #expect(options != nil)
    #expect(navigator.subNavigators.count == 1)
    await type("count 4")
    #expect(console.lines.last { $0.hasPrefix("  Questions:") }?.hasPrefix("  Questions:  4") == true)
    await type("count 400")
    #expect(console.lines.last == "count takes a whole number from 1 to 50, not '400'.")
    await type("difficulty")
    navigator.expectStack(["landing", "options", "difficulty"])
    navigator.expectShowing("difficulty", over: "options")
    await type("where")
    #expect(
      console.lines.last == "You are on the choice of level, over the options, over the start screen.")
    await type("2")
    // The menu closed onto the options, which show the new level.
    #expect(console.lines.last { $0.hasPrefix("  Difficulty:") }?.hasPrefix("  Difficulty: Easy") == true)
    await type("done")
    #expect(navigator.subNavigators.isEmpty)
    #expect(options == nil)
    #expect(coordinator.options == GameOptions(questionCount: 4, difficulty: .easy))
    #expect(console.lines.suffix(8).contains("  Questions:  4"))
  }

  @Test func thePopoverAnchorsToTheLandingToo() async {
    start(confirming: true)
    await type("difficulty")
    #expect(navigator.state.top?.presentation == .popover(anchor: "difficulty"))
    #expect(console.lines.contains("  1) Mixed  (current)"))
    await type("hard")
    navigator.expectStack(["landing"])
    #expect(console.lines.contains("  Difficulty: Hard"))
  }

  @Test func noDataClosesWhatIsOpenAndOffersRetry() async {
    let app = TestApp(
      source: FakeSource(result: .failure(DataSourceError("broken.json, line 1, column 1: expected a value"))))
    app.coordinator.start()
    await app.type("play")
    app.navigator.expectStack(["landing", "no-data"])
    #expect(app.console.lines.contains("broken.json, line 1, column 1: expected a value"))
    await app.type("retry")
    app.navigator.expectStack(["landing", "no-data"])
    await app.type("back")
    app.navigator.expectStack(["landing"])
  }

  @Test func quittingMidRoundSavesAndResumeRestores() async throws {
    start(confirming: true)
    await type("play", "1")
    let round = try #require(coordinator.round)
    await type("quit")
    #expect(coordinator.isFinished)
    #expect(sessions.session?.round == round)

    let next = TestApp(source: FakeSource(result: .failure(DataSourceError("not needed"))), sessions: sessions)
    next.coordinator.start()
    #expect(next.console.lines.contains { $0.contains("type resume") })
    await next.type("resume")
    #expect(next.coordinator.round == round)
    next.navigator.expectStack(["landing", "game"])
    next.navigator.expectShowing("feedback", over: "game")
    #expect(sessions.session == nil)
  }

  @Test func quittingOutsideARoundSavesNothing() async {
    start(confirming: true)
    await type("quit")
    #expect(sessions.session == nil)
  }
}
