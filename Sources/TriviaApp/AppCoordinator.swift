import ScreenKit
import TriviaData
import TriviaHistory

/// Owns the data source, the flows that hold the game's state and the AppNavigator, and
/// decides where each event leads. The flows see navigation only through their own
/// protocols, so each is tested with a fake of just that one.
@MainActor
public final class AppCoordinator {
  /// Set by `quit`; the input loop stops when it is.
  public private(set) var isFinished = false

  private let navigator: AppNavigator
  private let console: any Console
  private let sources: SourceFlow
  private let settings: OptionsFlow
  private let rounds: RoundFlow
  private let stats: StatsFlow
  private let review: ReviewFlow
  /// The game's time, which timed questions count down on.
  public let clock: GameClock
  /// Work an event asked for that waits on a load, run by `runPending`.
  private var pending: [@MainActor () async -> Void] = []
  /// The round being dealt, from getting ready to its first question.
  private var playing: TriviaRoute.PlayRequest?
  /// What the no-data screen's `retry` does again: exactly what failed.
  private var failed: @MainActor () async -> Void = {}

  /// `options` are what this run plays with; `savedOptions` (by default the same) are what
  /// was saved, so that a change made in the options screen saves that change alone.
  public init(
    source: any DataSource, navigator: AppNavigator, console: any Console, optionsStore: any OptionsStore,
    sessionStore: (any SessionStore)? = nil, history: (any History)? = nil, options: GameOptions,
    savedOptions: GameOptions? = nil, seed: UInt64, clock: GameClock = GameClock(virtual: false),
    makeSource: @escaping (String) -> any DataSource = makeDataSource(spec:)
  ) {
    self.clock = clock
    self.navigator = navigator
    self.console = console
    sources = SourceFlow(source: source, console: console, makeSource: makeSource)
    settings = OptionsFlow(
      options: options, savedOptions: savedOptions ?? options, store: optionsStore, navigator: navigator,
      console: console, sourceName: { [sources] in sources.name })
    rounds = RoundFlow(
      seed: seed, store: sessionStore, history: history, navigator: navigator, console: console, clock: clock)
    stats = StatsFlow(history: history, navigator: navigator, console: console)
    review = ReviewFlow(history: history, navigator: navigator, console: console)
    rounds.onStats = { [unowned self] argument in later { await self.showStats(argument) } }
    rounds.onReview = { [review] in review.show() }
    rounds.onPlay = { [unowned self] in later { await self.play(TriviaRoute.PlayRequest()) } }
    settings.onSource = { [unowned self] argument in later { await self.source(argument) } }
    settings.onCategory = { [unowned self] argument in later { await self.category(argument) } }
    settings.didChange = { [unowned self] in self.navigator.redraw() }
    settings.completeCategory = { [unowned self] in completeCategory($0) }
    settings.ungradedSource = { [unowned self] in
      sources.current.bank.flatMap { $0.questions.gradesNone ? sources.name : nil }
    }
  }

  public var options: GameOptions { settings.options }

  /// When, on `clock`, the game next needs waking: a timed question's countdown.
  public var nextWake: Duration? { rounds.nextWake }

  /// Time has passed: a timed question whose time is up counts as unanswered (true).
  @discardableResult public func tick() -> Bool {
    rounds.tick()
  }

  /// `wait N` in a script: time passes on the virtual clock.
  public func wait(_ duration: Duration) {
    clock.wait(duration)
    tick()
  }

  public var round: Round? { rounds.round }

  /// What the landing and the options show.
  private var setup: Setup {
    let (source, bank) = sources.current
    let unasked = bank.flatMap { bank in
      source.loadsPerRound
        ? nil
        : rounds.unasked(in: bank.questions, source: source.name).map {
          Setup.Unasked(count: $0, total: bank.questions.count)
        }
    }
    // While a round is being dealt, the landing passed on the way shows that round's options.
    var options = settings.options
    if let playing {
      options.questionCount = playing.count ?? options.questionCount
      options.difficulty = playing.difficulty ?? options.difficulty
      options.category = playing.category
      options.timeLimit = playing.time.flatMap { $0 > 0 ? $0 : nil }
    }
    return Setup(options: options, source: source.name, canResume: rounds.canResume, unasked: unasked)
  }

  /// Shows the landing, offering a round saved by the last session, and starts loading the
  /// questions so that the first round finds them ready.
  public func start() {
    rounds.loadSaved()
    navigator.showLanding({ [unowned self] in setup }, events: landingEvents)
    sources.loadEarly(currentLoad)
  }

  /// Whether the last events asked for something that `runPending` must run.
  public var hasPendingWork: Bool { !pending.isEmpty }

  /// Runs what the last events asked for that waits on a load. Cancelling the task that
  /// awaits this cancels the load (Ctrl-C): the player stays where they were.
  public func runPending() async {
    while !pending.isEmpty {
      await pending.removeFirst()()
    }
  }

  private func later(_ work: @escaping @MainActor () async -> Void) {
    pending.append(work)
  }

  // MARK: Events

  private var landingEvents: LandingEvents {
    LandingEvents(
      play: { [unowned self] in later { await self.play(TriviaRoute.PlayRequest()) } },
      playMissed: { [unowned self] in
        later { await self.play(TriviaRoute.PlayRequest(difficulty: .mixed, missed: true)) }
      },
      resume: { [unowned self] in rounds.resume() }, options: { [unowned self] in settings.open() },
      difficulty: { [unowned self] in settings.openDifficulty() },
      source: { [unowned self] argument in later { await self.source(argument) } },
      category: { [unowned self] argument in later { await self.category(argument) } },
      completeCategory: { [unowned self] in completeCategory($0) },
      stats: { [unowned self] argument in later { await self.showStats(argument) } },
      review: { [unowned self] in review.show() })
  }

  private var noDataEvents: NoDataEvents {
    NoDataEvents(
      play: { [unowned self] in later { await self.play(TriviaRoute.PlayRequest()) } },
      retry: { [unowned self] in later { await self.failed() } }, options: { [unowned self] in settings.open() },
      source: { [unowned self] argument in later { await self.source(argument) } },
      category: { [unowned self] argument in later { await self.category(argument) } },
      completeCategory: { [unowned self] in completeCategory($0) },
      back: { [unowned self] in navigator.returnToLanding(fromLink: false) })
  }

  public func resume() {
    rounds.resume()
  }

  /// Ends the session. A round in progress is saved, never thrown away.
  public func quit() {
    isFinished = true
    rounds.save()
  }

  /// Follows a `trivia://` link once `runPending` runs, or says why it cannot; `refused`
  /// hears why a link that parses cannot be followed (a category the source lacks).
  public func open(_ link: String, refused: @escaping @MainActor (String) -> Void = { _ in }) {
    later { await self.follow(link, refused: refused) }
  }

  private func follow(_ link: String, refused: @escaping @MainActor (String) -> Void) async {
    let route: TriviaRoute
    do {
      route = try TriviaRoute(link: link)
    } catch {
      console.say("Cannot open that link: \(error.message).")
      return
    }
    switch route {
    case .landing: rounds.leave(fromLink: true)
    case .play(let request): await play(request, refused: refused)
    case .options: settings.open()
    case .difficulty: settings.openDifficulty()
    case .source(let spec): await switchSource(to: spec)
    }
  }

  // MARK: Playing

  /// Starts a round for `request`, filling what it leaves out from the options. A category
  /// the source does not have is refused, before anything moves when the questions are in.
  private func play(_ request: TriviaRoute.PlayRequest, refused: (String) -> Void = { _ in }) async {
    let resolved = resolved(request)
    if let loaded = sources.current.bank, let refusal = unknownCategory(resolved, in: loaded) {
      return refuse(refusal, refused)
    }
    playing = resolved
    defer { playing = nil }
    guard rounds.prepare(resolved) else { return }
    let load = LoadRequest(
      count: resolved.count ?? settings.options.questionCount, difficulty: resolved.difficulty ?? .mixed)
    let again: @MainActor () async -> Void = { [unowned self] in await play(request) }
    guard let bank = await questions(load, retry: again) else { return }
    if let refusal = unknownCategory(resolved, in: bank) { return refuse(refusal, refused) }
    do {
      try rounds.deal(resolved, from: bank.questions, source: sources.name, categories: categories(resolved, bank))
    } catch {
      // Read again when drawn: options changed over this screen say whether they deal now.
      let options = settings.options
      failed = again
      navigator.showNoData(
        { [unowned self] in settings.options == options ? error : recheck(bank) }, events: noDataEvents)
    }
  }

  /// Why `request`'s category cannot be played from `bank`: the source has no such category.
  private func unknownCategory(_ request: TriviaRoute.PlayRequest, in bank: QuestionBank) -> UnknownCategory? {
    guard let wanted = request.category, categories(request, bank)?.isEmpty == true else { return nil }
    return UnknownCategory(name: wanted, source: sources.name, categories: bank.questions.categoryCounts)
  }

  private func refuse(_ refusal: UnknownCategory, _ refused: (String) -> Void) {
    for line in refusal.lines { console.say(line) }
    refused(refusal.sentence)
  }

  /// `--category NAME`: why the source, once loaded, cannot play it; nil when it can, or
  /// when the source loads per round and cannot say before a round.
  public func refusal(forCategory name: String) async -> String? {
    guard let bank = await sources.peek(currentLoad) else { return nil }
    return unknownCategory(TriviaRoute.PlayRequest(category: name), in: bank)?.sentence
  }

  /// What the options as they are now would deal from `bank`.
  private func recheck(_ bank: QuestionBank) -> NoQuestions {
    let request = resolved(TriviaRoute.PlayRequest())
    return NoQuestions.find(request, in: bank.questions, source: sources.name, categories: categories(request, bank))
      ?? NoQuestions(reason: "There are questions for these options now.", details: ["Type play to start."])
  }

  /// The source's questions; a failed load shows the no-data screen with the reason, where
  /// `retry` runs `again`.
  private func questions(_ request: LoadRequest, retry again: @escaping @MainActor () async -> Void) async
    -> QuestionBank?
  {
    switch await sources.questions(request) {
    case .success(let bank): return bank
    case .failure(let error):
      failed = again
      navigator.showNoData({ NoQuestions(reason: error.message) }, events: noDataEvents)
    case nil: break
    }
    return nil
  }

  /// `request` with what it leaves out filled from the options.
  private func resolved(_ request: TriviaRoute.PlayRequest) -> TriviaRoute.PlayRequest {
    let options = settings.options
    return TriviaRoute.PlayRequest(
      difficulty: request.difficulty ?? (request.missed == true ? .mixed : options.difficulty),
      count: request.count ?? options.questionCount, category: request.category ?? options.category,
      missed: request.missed, time: request.time ?? options.timeLimit)
  }

  /// The bank's names for the category `request` asks for, however it was typed.
  private func categories(_ request: TriviaRoute.PlayRequest, _ bank: QuestionBank) -> Set<String>? {
    request.category.map { wanted in
      Set(bank.questions.countsByCategory.map(\.category).filter { $0.matchingKey == wanted.matchingKey })
    }
  }

  private var currentLoad: LoadRequest {
    LoadRequest(count: settings.options.questionCount, difficulty: settings.options.difficulty)
  }

  // MARK: Sources and categories

  /// `source` alone describes the current source; `source SPEC` switches to another and
  /// loads it; `source --details` lists everything skipped.
  private func source(_ argument: String) async {
    let again: @MainActor () async -> Void = { [unowned self] in await source(argument) }
    switch argument {
    case "":
      if let bank = await questions(currentLoad, retry: again) { sources.describe(bank) }
    case "--details":
      if let bank = await questions(currentLoad, retry: again) { sources.listSkipped(bank) }
    default:
      let previous = sources.current
      sources.switchTo(argument)
      await loadNewSource(argument, previous: previous)
    }
  }

  /// A source link: the landing shows the new source, unless the player stays in a round.
  private func switchSource(to spec: String) async {
    let previous = sources.current
    sources.switchTo(spec)
    guard navigator.returnToLanding(fromLink: false) else {
      sources.restore(previous)
      return
    }
    // The landing shown on the way named the new source.
    if await !loadNewSource(spec, previous: previous) { navigator.redraw() }
  }

  /// Loads a source just chosen, so the player learns at once whether it works; one that
  /// does is kept with the options for the next start. One that does not changes nothing:
  /// the questions loaded, the options saved and what the screen shows stay as they were.
  @discardableResult
  private func loadNewSource(_ spec: String, previous: (source: any DataSource, bank: QuestionBank?)) async -> Bool {
    let bank: QuestionBank
    switch await sources.questions(currentLoad) {
    case .success(let loaded): bank = loaded
    case let failure:
      sources.restore(previous)
      if case .failure(let error) = failure {
        console.say("Cannot use that source: \(error.message). Still playing \(sources.name).")
      }
      return false
    }
    settings.choose(source: SourceFlow.lasting(spec))
    navigator.closeNoData()
    if let category = settings.options.category,
      !bank.questions.countsByCategory.contains(where: { $0.category == category })
    {
      console.say("\(sources.name) has no \(category) questions; playing every category.")
      settings.choose(category: nil)
      navigator.redraw()
    }
    if bank.questions.gradesNone, settings.options.difficulty != .mixed {
      settings.chooseMixed(because: sources.name)
      navigator.redraw()
    }
    return true
  }

  /// `stats [CATEGORY]`, knowing the source's categories (loaded quietly when they are not).
  private func showStats(_ argument: String) async {
    let bank = argument.isEmpty ? nil : await sources.peek(currentLoad)
    stats.show(argument, source: bank.map { (sources.name, $0.questions.categoryCounts.map(\.name)) })
  }

  /// Tab after `category`: `all` and the loaded source's categories that start with `typed`.
  private func completeCategory(_ typed: String) -> [String] {
    let names = ["all"] + (sources.current.bank?.questions.categoryCounts.map(\.name) ?? [])
    return names.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
  }

  /// `category` alone lists the current source's categories; `category NAME` plays only
  /// that one; `category all` plays every one.
  private func category(_ argument: String) async {
    guard let bank = await questions(currentLoad, retry: { [unowned self] in await category(argument) }) else {
      return
    }
    let counts = bank.questions.categoryCounts
    if argument.isEmpty {
      console.say("Categories (\(settings.options.category ?? "all") chosen):")
      for entry in counts { console.say("  \(entry.name) (\(LoadSummary.grouped(entry.count)))") }
      return
    }
    if argument.lowercased() == "all" {
      settings.choose(category: nil)
    } else if let match = counts.first(where: { $0.name.matchingKey == argument.matchingKey }) {
      settings.choose(category: match.name)
    } else {
      for line in UnknownCategory(name: argument, source: sources.name, categories: counts).lines { console.say(line) }
      return
    }
    console.say("Category: \(settings.options.category ?? "all").")
    navigator.redraw()
  }
}
