import ScreenKit
import Testing
import TriviaApp
import TriviaData
import TriviaHistory

/// The coordinator driven with fakes alone: a navigator that records what it is asked to
/// show, no NavigatorKit, no screens. The coordinator and each flow see navigation only
/// through their own protocols, so this is all they need.
@MainActor
@Suite("Coordinator, with fakes")
struct CoordinatorTests {
  final class FakeNavigator: HomeNavigating, RoundNavigating, OptionsNavigating, StatsNavigating, ReviewNavigating,
    AboutNavigating, NightNavigating
  {
    let round = FakeRoundNavigator()
    let options = FakeOptionsNavigator()
    var calls: [String] = []
    var landing: (setup: () -> Setup, events: LandingEvents)?
    var noData: (problem: () -> NoQuestions, events: NoDataEvents)?
    var about: About?
    var done: (() -> Void)?

    func showLanding(_ setup: @escaping () -> Setup, events: LandingEvents) {
      landing = (setup, events)
      calls.append("landing")
    }
    func showNoData(_ problem: @escaping () -> NoQuestions, events: NoDataEvents) {
      noData = (problem, events)
      calls.append("no-data: \(problem().reason)")
    }
    func closeNoData() { calls.append("close-no-data") }
    func redraw() { calls.append("redraw") }
    func returnToLanding(fromLink: Bool) -> Bool { round.returnToLanding(fromLink: fromLink) }

    func prepareToPlay(_ request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents)
      -> PlayPreparation
    { self.round.prepareToPlay(request, round: round, events: events) }
    func showGame(for request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents) {
      self.round.showGame(for: request, round: round, events: events)
    }
    func showFeedback(_ round: Round, events: RoundEvents) { self.round.showFeedback(round, events: events) }
    func showNextQuestion() { round.showNextQuestion() }
    func showComplete(_ result: RoundResult, events: RoundEvents) { round.showComplete(result, events: events) }

    func showOptions(_ setup: @escaping () -> Setup, events: OptionsEvents) {
      options.showOptions(setup, events: events)
    }
    func closeOptions() { options.closeOptions() }
    func showDifficulty(
      current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
    ) { options.showDifficulty(current: current, onChoice: onChoice, onBack: onBack) }
    func closeDifficulty() { options.closeDifficulty() }

    func showStats(_ stats: PlayerStats, category: String?, onDone: @escaping () -> Void) {
      calls.append("stats")
    }
    func closeStats() { calls.append("close-stats") }
    func showReview(_ answers: [AnsweredQuestion], onDone: @escaping () -> Void) { calls.append("review") }
    func closeReview() { calls.append("close-review") }
    /// The night's places shown, and what the last one reads.
    var night: (() -> NightView)?
    var nightEvents: NightEvents?
    func showNight(_ place: NightPlace, night: @escaping () -> NightView, events: NightEvents) {
      self.night = night
      nightEvents = events
      calls.append("night \(place)")
    }
    func closeNight() { calls.append("close-night") }
    func showAbout(_ about: About, onDone: @escaping () -> Void) {
      self.about = about
      done = onDone
      calls.append("about")
    }
    func closeAbout() { calls.append("close-about") }
  }

  let navigator = FakeNavigator()
  let console = RecordingConsole()

  func coordinator(_ source: any DataSource = FakeSource(result: .success(QuestionBank(questions: sampleQuestions(6)))))
    -> AppCoordinator
  {
    Self.compose(
      source: source, navigator: navigator, console: console,
      about: About(version: "9.9", files: [.init(holds: "Options", path: "/o.json")]))
  }

  /// The coordinator and the game's flows, each flow given the fake as its own protocol alone,
  /// as the game's composition gives them the AppNavigator; two questions a round.
  static func compose(
    source: any DataSource, navigator: FakeNavigator, console: RecordingConsole, history: (any History)? = nil,
    clock: GameClock = GameClock(virtual: false), about: About = About(version: "", files: []),
    network: (any NightNetwork)? = nil, nightSeats: (any NightSeatStore)? = nil
  ) -> AppCoordinator {
    let options = GameOptions(questionCount: 2, difficulty: .mixed)
    let work = PendingWork()
    let sources = SourceFlow(source: source, console: console, makeSource: makeDataSource(spec:))
    let load = LoadRequest(count: options.questionCount, difficulty: options.difficulty)
    return AppCoordinator(
      navigator: navigator, console: console, sources: sources,
      settings: OptionsFlow(
        options: options, savedOptions: options, store: MemoryOptionsStore(), navigator: navigator, console: console,
        sourceName: { sources.name }),
      rounds: RoundFlow(seed: 3, store: nil, history: history, navigator: navigator, console: console, clock: clock),
      flows: [
        StatsFlow(history: history, navigator: navigator, console: console, work: work),
        ReviewFlow(history: history, navigator: navigator, console: console),
        AboutFlow(facts: about, navigator: navigator, work: work) { (sources.name, await sources.peek(load)) },
      ],
      work: work, history: history, clock: clock, network: network, nightSeats: nightSeats)
  }

  @Test func aRoundPlayedThroughTheFakesAlone() async throws {
    let coordinator = coordinator()
    coordinator.start()
    let landing = try #require(navigator.landing)
    #expect(landing.setup().options.questionCount == 2)
    landing.events.play()
    await coordinator.runPending()
    let events = try #require(navigator.round.events)
    let right = try #require(coordinator.round?.current?.correctIndex)
    events.answer(right)
    events.next()
    events.answer((try #require(coordinator.round?.current?.correctIndex) + 1) % 2)
    events.next()
    #expect(
      navigator.round.calls == ["game 1/2", "feedback right 1/1", "next 2/2", "feedback wrong 1/2", "complete 1/2"])
  }

  @Test func aSourceThatFailsShowsWhyAndRetryAsksAgain() async throws {
    let coordinator = coordinator(FakeSource(result: .failure(DataSourceError(file: "q.json", reason: "gone"))))
    coordinator.start()
    try #require(navigator.landing).events.play()
    await coordinator.runPending()
    let noData = try #require(navigator.noData)
    #expect(noData.problem().reason == "q.json: gone")
    noData.events.retry()
    await coordinator.runPending()
    #expect(navigator.calls.filter { $0.hasPrefix("no-data") }.count == 2)
  }

  @Test func theAppsCommandsAreOfferedWhereTheyAreDeclared() async throws {
    let coordinator = coordinator()
    coordinator.start()
    let names = { (screen: ScreenName) in coordinator.commands.table(on: screen.rawValue).commands.map(\.name) }
    #expect(
      names(.landing) == ["options", "difficulty", "category", "source", "stats", "review", "about", "host", "join"])
    #expect(names(.noData) == ["options", "category", "source", "about"])
    #expect(names(.options) == ["category", "source", "about"])
    #expect(names(.complete) == ["about"], "no history: the score screen offers no stats or review")
    #expect(names(.game).isEmpty)
    #expect(names(.feedback).isEmpty)

    #expect(coordinator.commands.table(on: "landing").run("about") == .done)
    await coordinator.runPending()
    let about = try #require(navigator.about)
    #expect(about.version == "9.9")
    #expect(about.files == [.init(holds: "Options", path: "/o.json")])
    #expect(about.source == "fake")
    #expect(about.credits == ["Written by whoever wrote the file, which names no licence."])
    let done = try #require(navigator.done)
    done()
    #expect(navigator.calls.suffix(2) == ["about", "close-about"])
  }
}
