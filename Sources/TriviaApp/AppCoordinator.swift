import ScreenKit
import TriviaData
import TriviaHistory

/// Owns the data source, the flows that hold the game's state and the navigator, and
/// decides where each event leads. It sees navigation only as the protocols it calls itself
/// (the landing, the no-data screen, a night's places), and each flow only as its own, so
/// each flow is tested with a fake of its own, and the coordinator with fakes.
@MainActor
public final class AppCoordinator {
  /// Set by `quit`; the input loop stops when it is.
  public private(set) var isFinished = false
  /// The session is one night's: it ends with the night (or a join that fails) rather than
  /// going on to the landing. `trivia join --only-this-night`, as an SSH session runs it (#39),
  /// so that a stranger at the host's SSH door gets the night and nothing else of the game.
  public var endsWithNight = false

  let navigator: any HomeNavigating & NightNavigating
  let console: any Console
  let sources: SourceFlow
  let settings: OptionsFlow
  let rounds: RoundFlow
  /// Flows kept for the commands they offer, which open their screens.
  private let flows: [any CommandOffering]
  /// The game's time, which timed questions count down on.
  public let clock: GameClock
  /// Work an event asked for that waits on a load, run by `runPending`.
  let work: PendingWork
  /// Commands offered on screens besides their own, each declared once, by the flow it opens.
  public private(set) lazy var commands = AppCommands(
    settings.commands + categoryCommands + sourceCommands + flows.flatMap(\.commands) + nightCommands)
  /// Where the game keeps what it knows of its player: a night hosted here too.
  let history: (any History)?
  /// Opens a night's connections; nil where this program has no network.
  let network: (any NightNetwork)?
  /// Where a player's place in a night is kept while it lasts.
  let nightSeats: (any NightSeatStore)?
  /// A night hosted here, or joined, while it lasts.
  var night = NightRole.none
  /// Asks the person for a line (a name to join a night with); nil when none comes.
  public var ask: (String) -> String? = { _ in nil }
  /// Asks the person a yes/no question (leaving a night); true when there is nobody to ask.
  public var confirm: (String) -> Bool = { _ in true }
  /// The round being dealt, from getting ready to its first question.
  private var playing: RoundRequest?
  /// What the no-data screen's `retry` does again: exactly what failed.
  var failed: @MainActor () async -> Void = {}

  /// The coordinator of flows composed for it (`init(source:navigator:…)` composes the game's),
  /// sharing `work` with those that wait on a load.
  public init(
    navigator: any HomeNavigating & NightNavigating, console: any Console, sources: SourceFlow,
    settings: OptionsFlow, rounds: RoundFlow, flows: [any CommandOffering] = [], work: PendingWork,
    history: (any History)? = nil, clock: GameClock, network: (any NightNetwork)? = nil,
    nightSeats: (any NightSeatStore)? = nil
  ) {
    self.navigator = navigator
    self.console = console
    self.sources = sources
    self.settings = settings
    self.rounds = rounds
    self.flows = flows
    self.work = work
    self.history = history
    self.clock = clock
    self.network = network
    self.nightSeats = nightSeats
    rounds.onPlay = { [unowned self] in later { await self.play(RoundRequest()) } }
    settings.didChange = { [unowned self] in self.navigator.redraw() }
    settings.ungradedSource = {
      sources.current.bank.flatMap { $0.questions.gradesNone ? sources.name : nil }
    }
  }

  public var options: GameOptions { settings.options }

  /// When, on `clock`, the game next needs waking: a timed question's countdown.
  public var nextWake: Duration? {
    [rounds.nextWake, night.nextWake].compactMap { $0 }.min()
  }

  /// Time has passed: a timed question whose time is up counts as unanswered (true); a
  /// night's deadlines and countdowns move on.
  @discardableResult public func tick() -> Bool {
    night.host?.tick()
    return rounds.tick()
  }

  /// `wait N` in a script: time passes on the virtual clock.
  public func wait(_ duration: Duration) {
    clock.wait(duration)
    tick()
  }

  public var round: Round? { rounds.round }

  /// What the landing and the options show.
  private var setup: Setup {
    let source = sources.current.source
    let unasked = sources.loaded.flatMap { bank in
      source.loadsPerRound
        ? nil
        : rounds.unasked(in: bank.questions).map {
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
      options.players = playing.players
    }
    return Setup(
      options: options, source: source.name, canResume: rounds.canResume, unasked: unasked,
      historyOff: !source.loadsPerRound && rounds.historyIsOff)
  }

  /// Shows the landing, offering a round saved by the last session, and starts loading the
  /// questions so that the first round finds them ready.
  public func start() {
    rounds.loadSaved()
    navigator.showLanding({ [unowned self] in setup }, events: landingEvents)
    sources.loadEarly(settings.load)
  }

  /// Whether the last events asked for something that `runPending` must run.
  public var hasPendingWork: Bool { !work.isEmpty }

  /// Runs what the last events asked for that waits on a load. Cancelling the task that
  /// awaits this cancels the load (Ctrl-C): the player stays where they were.
  public func runPending() async {
    await work.run()
  }

  func later(_ work: @escaping @MainActor () async -> Void) {
    self.work.add(work)
  }

  // MARK: Events

  private var landingEvents: LandingEvents {
    LandingEvents(
      play: { [unowned self] in later { await self.play(RoundRequest()) } },
      playMissed: { [unowned self] in
        later { await self.play(RoundRequest(difficulty: .mixed, missed: true)) }
      },
      resume: { [unowned self] in resume() })
  }

  private var noDataEvents: NoDataEvents {
    NoDataEvents(
      play: { [unowned self] in later { await self.play(RoundRequest()) } },
      retry: { [unowned self] in later { await self.failed() } },
      back: { [unowned self] in navigator.returnToLanding(fromLink: false) })
  }

  /// Goes on with the saved round, timed as the landing shows.
  public func resume() {
    // The landing's time when one is set (#27); else the round goes on timed as it was saved,
    // as a round timed by `--time` for one game is (#37).
    if let limit = settings.options.timeLimit { rounds.resume(timeLimit: limit) } else { rounds.resume() }
    // A game that only resumed has not loaded its questions, which the landing after the
    // round counts (Left:): they load quietly meanwhile, as for a round's first deal.
    if rounds.round != nil { later { [unowned self] in _ = await sources.peek(settings.load) } }
  }

  /// Ends the session. A round in progress is saved, never thrown away.
  public func quit() {
    isFinished = true
    // Players hear the night is over before the host's connection closes.
    night.stop()
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
    await go(route, refused: refused)
  }

  /// Where a link's route leads. A night's places go through the same router, followed as they
  /// arrive (`showNight`).
  func go(_ route: TriviaRoute, refused: @escaping @MainActor (String) -> Void = { _ in }) async {
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
  private func play(_ request: RoundRequest, refused: (String) -> Void = { _ in }) async {
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
  private func unknownCategory(_ request: RoundRequest, in bank: QuestionBank) -> UnknownCategory? {
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
    guard let bank = await sources.peek(settings.load) else { return nil }
    return unknownCategory(RoundRequest(category: name), in: bank)?.sentence
  }

  /// What the options as they are now would deal from `bank`.
  private func recheck(_ bank: QuestionBank) -> NoQuestions {
    let request = resolved(RoundRequest())
    return NoQuestions.find(request, in: bank.questions, source: sources.name, categories: categories(request, bank))
      ?? NoQuestions(reason: "There are questions for these options now.", details: ["Type play to start."])
  }

  /// The source's questions; a failed load shows the no-data screen with the reason, where
  /// `retry` runs `again`.
  func questions(_ request: LoadRequest, retry again: @escaping @MainActor () async -> Void) async
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
  func resolved(_ request: RoundRequest) -> RoundRequest {
    let options = settings.options
    return RoundRequest(
      difficulty: request.difficulty ?? (request.missed == true ? .mixed : options.difficulty),
      count: request.count ?? options.questionCount, category: request.category ?? options.category,
      missed: request.missed, time: request.time ?? options.timeLimit, players: request.players ?? options.players)
  }

  /// The bank's names for the category `request` asks for, however it was typed.
  func categories(_ request: RoundRequest, _ bank: QuestionBank) -> Set<String>? {
    request.category.map { wanted in
      Set(wanted.matchingNames(in: bank.questions.countsByCategory.map(\.category)))
    }
  }
}
