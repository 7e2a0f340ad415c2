import ScreenKit
import Testing
import TriviaApp
import TriviaData

/// The options flow with a fake of its navigator protocol alone.
@MainActor
@Suite("Options flow")
struct OptionsFlowTests {
  let navigator = FakeOptionsNavigator()
  let console = RecordingConsole()
  let store = MemoryOptionsStore()

  func flow(_ options: GameOptions = GameOptions(questionCount: 3, difficulty: .mixed), saved: GameOptions? = nil)
    -> OptionsFlow
  {
    OptionsFlow(
      options: options, savedOptions: saved ?? options, store: store, navigator: navigator, console: console,
      sourceName: { "bundled" })
  }

  @Test func changesAreSavedAndShown() throws {
    let flow = flow()
    var changes = 0
    flow.didChange = { changes += 1 }
    flow.open()
    let events = try #require(navigator.events)
    events.count(7)
    events.difficulty()
    navigator.choose?(.medium)
    events.done()
    #expect(navigator.calls == ["options 3 mixed", "difficulty mixed", "close-difficulty", "close-options"])
    #expect(store.saved == [.init(questionCount: 7, difficulty: .mixed), .init(questionCount: 7, difficulty: .medium)])
    #expect(flow.options == .init(questionCount: 7, difficulty: .medium))
    // The count changed in place; the level showed as the menu closed.
    #expect(changes == 1)
  }

  @Test func theMenuClosesOnTheNewLevelBeforeItIsSaved() {
    let flow = flow()
    var seen: [String] = []
    store.failure = StoreError("disk full")
    flow.openDifficulty()
    navigator.choose?(.hard)
    seen.append(navigator.calls.last ?? "")
    seen.append(console.lines.last ?? "")
    #expect(seen == ["close-difficulty", "Options not saved: disk full"])
    #expect(flow.options.difficulty == .hard)
  }

  @Test func theScreenReadsTheOptionsAsTheyAreNow() throws {
    let flow = flow()
    flow.open()
    let setup = try #require(navigator.setup)
    flow.setCount(12)
    #expect(setup() == Setup(options: .init(questionCount: 12, difficulty: .mixed), source: "bundled"))
  }

  @Test func optionsAndDifficultyAreOfferedOnTheScreensTheyAreDeclaredFor() throws {
    let flow = flow()
    let offered = flow.commands.map { ($0.command.name, $0.screens) }
    #expect(offered.map(\.0) == ["options", "difficulty"])
    #expect(offered.map(\.1) == [[.landing, .noData], [.landing]])
    #expect(CommandTable([flow.commands[1].command]).run("difficulty") == .done)
    #expect(navigator.calls == ["difficulty mixed"])
  }

  @Test func commandLineOverridesAreNotSaved() {
    store.saved = [GameOptions(questionCount: 20, difficulty: .mixed)]
    let flow = flow(
      GameOptions(questionCount: 5, difficulty: .hard), saved: GameOptions(questionCount: 20, difficulty: .mixed))
    flow.openDifficulty()
    navigator.choose?(.easy)
    #expect(flow.options == GameOptions(questionCount: 5, difficulty: .easy))
    #expect(store.saved.last == GameOptions(questionCount: 20, difficulty: .easy))
  }

  @Test func aFailedSaveIsReportedAndTheOptionStillApplies() {
    store.failure = StoreError("disk full")
    let flow = flow()
    flow.setCount(9)
    #expect(flow.options.questionCount == 9)
    #expect(console.lines == ["Options not saved: disk full"])
  }

  @Test func aCategoryIsKeptWithTheOptions() {
    let flow = flow()
    flow.choose(category: "History")
    #expect(flow.options.category == "History")
    #expect(store.saved.last?.category == "History")
    flow.choose(category: nil)
    #expect(flow.options.category == nil)
  }
}
