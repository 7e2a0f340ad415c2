import NavigatorKit
import OptionsScreen
import ScreenKit
import Testing
import TriviaApp
import TriviaData

/// The coordinator and the real AppNavigator together: guards, links, resume, the options flow.
@MainActor
@Suite("Navigation flows")
struct NavigationFlowTests {
  let console = RecordingConsole()
  let navigator = Navigator<any TerminalScreen>()
  let app: AppNavigator
  let coordinator: AppCoordinator
  let sessions = MemorySessionStore()
  var events: EventRecorder = EventRecorder()
  var questions: [String] = []

  init() {
    navigator.renderer = console
    app = AppNavigator(navigator: navigator, console: console)
    coordinator = AppCoordinator(
      source: FakeSource(result: .success(QuestionBank(questions: sampleQuestions(10)))), navigator: app,
      optionsStore: MemoryOptionsStore(), sessionStore: sessions,
      options: GameOptions(questionCount: 3, difficulty: .mixed), seed: 8)
    app.actions = coordinator
    navigator.addObserver(didNavigate: events.record)
  }

  func start(confirming answer: Bool) {
    navigator.confirm = { [console] question in
      console.lines.append("asked: \(question)")
      return answer
    }
    coordinator.start()
  }

  func playOneAnswer() async throws {
    app.handle(input: "play")
    await coordinator.settle()
    app.handle(input: "1")
  }

  @Test func backFromARoundAsksAndNoKeepsIt() async throws {
    start(confirming: false)
    try await playOneAnswer()
    app.handle(input: "back")
    #expect(console.lines.contains("asked: Abandon this round?"))
    #expect(console.lines.contains("Staying here."))
    #expect(navigator.stack == ["landing", "game"])
    #expect(coordinator.round != nil)
  }

  @Test func backFromARoundAsksAndYesLeaves() async throws {
    start(confirming: true)
    try await playOneAnswer()
    app.handle(input: "back")
    #expect(navigator.stack == ["landing"])
    #expect(coordinator.round == nil)
    #expect(console.lines.contains("Round abandoned."))
  }

  @Test func aFinishedRoundLeavesWithoutAsking() async throws {
    start(confirming: false)
    app.handle(input: "play")
    await coordinator.settle()
    for _ in 0..<3 {
      app.handle(input: "1")
      app.handle(input: "")
    }
    app.handle(input: "done")
    #expect(navigator.stack == ["landing"])
    #expect(!console.lines.contains { $0.hasPrefix("asked:") })
  }

  @Test func aLinkThatLeavesTheGameIsGuardedToo() async throws {
    start(confirming: false)
    try await playOneAnswer()
    for link in ["trivia://landing", "trivia://options", "trivia://difficulty", "trivia://play?count=2"] {
      app.handle(input: "open \(link)")
      #expect(navigator.stack == ["landing", "game"], "\(link)")
    }
    #expect(console.lines.filter { $0 == "asked: Abandon this round?" }.count == 4)
  }

  @Test func aLinkToTheRoundPlayingIsIgnored() async throws {
    start(confirming: false)
    try await playOneAnswer()
    app.handle(input: "open trivia://play?count=3&difficulty=mixed")
    #expect(events.kinds.last == .ignored)
    #expect(console.lines.last == "You are already playing that round.")
  }

  @Test func theOptionsFlowIsASubNavigatorReleasedWhenDone() throws {
    start(confirming: true)
    weak var options: OptionsScreen?
    app.handle(input: "options")
    options = navigator.topmost(OptionsScreen.self)
    #expect(options != nil)
    #expect(navigator.subNavigators.count == 1)
    app.handle(input: "difficulty")
    #expect(navigator.stack == ["landing", "options", "difficulty"])
    app.handle(input: "where")
    #expect(
      console.lines.suffix(3) == [
        "  landing (root)", "    options (sub-navigator)", "      difficulty (popover on difficulty)",
      ])
    app.handle(input: "2")
    app.handle(input: "done")
    #expect(navigator.subNavigators.isEmpty)
    #expect(options == nil)
    #expect(coordinator.options.difficulty == .easy)
  }

  @Test func quittingMidRoundSavesAndResumeRestores() async throws {
    start(confirming: true)
    try await playOneAnswer()
    let round = try #require(coordinator.round)
    app.handle(input: "quit")
    #expect(coordinator.isFinished)
    let saved = try #require(sessions.session)
    #expect(saved.round == round)
    #expect(saved.screens == ["landing", "game", "feedback"])

    let console = RecordingConsole()
    let navigator = Navigator<any TerminalScreen>(renderer: console)
    let app = AppNavigator(navigator: navigator, console: console)
    let next = AppCoordinator(
      source: FakeSource(result: .failure(DataSourceError("not needed"))), navigator: app,
      optionsStore: MemoryOptionsStore(), sessionStore: sessions, options: .standard, seed: 1)
    app.actions = next
    next.start()
    #expect(console.lines.contains { $0.contains("type resume") })
    app.handle(input: "resume")
    #expect(next.round == round)
    #expect(navigator.stack == ["landing", "game"])
    #expect(app.current == .feedback)
    #expect(sessions.session == nil)
  }

  @Test func quittingOutsideARoundSavesNothing() {
    start(confirming: true)
    app.handle(input: "quit")
    #expect(sessions.session == nil)
  }
}

final class EventRecorder {
  var events: [NavigationEvent] = []
  func record(_ event: NavigationEvent) { events.append(event) }
  var kinds: [NavigationEvent.Kind] { events.map(\.kind) }
}

final class MemorySessionStore: SessionStore, @unchecked Sendable {
  var session: SavedSession?
  func load() -> Result<SavedSession?, DataSourceError> { .success(session) }
  func save(_ session: SavedSession) throws(DataSourceError) { self.session = session }
  func clear() { session = nil }
}
