import ScreenKit
import TriviaData

/// Owns the data source, the options and the round, and decides where each event leads.
/// It sees navigation only through the navigator protocols, so tests run it with fakes.
@MainActor
public final class AppCoordinator: AppActions {
  public private(set) var source: any DataSource
  public private(set) var options: GameOptions
  public private(set) var round: Round?
  /// Set by `quit`; the input loop stops when it is.
  public private(set) var isFinished = false

  private let navigator: any AppNavigating
  private let optionsStore: any OptionsStore
  private let sessionStore: (any SessionStore)?
  /// The options as saved, without this run's command-line overrides, which are not saved.
  private var savedOptions: GameOptions
  private var generator: SeededGenerator
  private var loading: Task<Void, Never>?
  /// What the round in play was dealt for.
  private var request = TriviaRoute.PlayRequest()
  private var savedSession: SavedSession?
  /// What the source gave at its last load; dealt from again until the source changes.
  private var bank: QuestionBank?
  /// A load begun at start, before anything asks for questions, so that `play` finds them
  /// ready; the player hears of it only when a command uses it.
  private var earlyLoad: Task<Result<QuestionBank, DataSourceError>, Never>?
  /// Builds a source from what the player typed after `source`.
  private let makeSource: (String) -> any DataSource

  /// `options` are what this run plays with; `savedOptions` (by default the same) are what
  /// was saved, so that a change made in the options screen saves that change alone.
  public init(
    source: any DataSource, navigator: any AppNavigating, optionsStore: any OptionsStore,
    sessionStore: (any SessionStore)? = nil, options: GameOptions, savedOptions: GameOptions? = nil, seed: UInt64,
    makeSource: @escaping (String) -> any DataSource = makeDataSource(spec:)
  ) {
    self.source = source
    self.makeSource = makeSource
    self.navigator = navigator
    self.optionsStore = optionsStore
    self.sessionStore = sessionStore
    self.options = options
    self.savedOptions = savedOptions ?? options
    self.generator = SeededGenerator(seed: seed)
  }

  /// Shows the landing, offering a round saved by the last session.
  public func start() {
    switch sessionStore?.load() {
    case .success(let session): savedSession = session
    case .failure(let error): navigator.say(error.message)
    case nil: break
    }
    navigator.showLanding(options: options, source: source.name, canResume: savedSession != nil)
    if !source.loadsPerRound { earlyLoad = Self.startLoad(source, currentLoad) }
  }

  /// Waits for a load in progress, so the next input sees its result.
  public func settle() async {
    await loading?.value
  }

  /// Waits for a load in progress, cancelling it when `interrupted` says so (Ctrl-C): the
  /// player stays where they were.
  public func settle(cancellingIf interrupted: @escaping () -> Bool) async {
    guard let loading else { return }
    let watch = Task {
      while !Task.isCancelled {
        if interrupted() {
          loading.cancel()
          return
        }
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    await loading.value
    watch.cancel()
  }

  public var hasRoundInProgress: Bool {
    guard let round else { return false }
    return !round.isOver
  }

  // MARK: Playing

  public func play() {
    play(TriviaRoute.PlayRequest())
  }

  /// Starts a round for `request`, filling what it leaves out from the options.
  private func play(_ request: TriviaRoute.PlayRequest) {
    guard loading == nil else { return }
    let resolved = TriviaRoute.PlayRequest(
      difficulty: request.difficulty ?? options.difficulty, count: request.count ?? options.questionCount,
      category: request.category ?? options.category)
    guard navigator.prepareToPlay(resolved) else { return }
    round = nil
    if savedSession != nil {
      savedSession = nil
      sessionStore?.clear()
      navigator.offerResume(false)
    }
    let load = LoadRequest(count: resolved.count ?? 10, difficulty: resolved.difficulty ?? .mixed)
    withBank(load) { [weak self] bank in self?.deal(from: bank, for: resolved) }
  }

  /// Calls `then` with the source's questions, loading them first when needed (and every
  /// time for a source that serves a few questions per round). A failed load shows the
  /// no-data screen with the reason.
  private func withBank(_ request: LoadRequest, then: @escaping (QuestionBank) -> Void) {
    guard loading == nil else { return }
    if let bank, !source.loadsPerRound {
      then(bank)
      return
    }
    navigator.say("Loading questions from \(source.name)…")
    let pending = earlyLoad ?? Self.startLoad(source, request)
    earlyLoad = nil
    loading = Task { [weak self] in
      let result = await withTaskCancellationHandler {
        await pending.value
      } onCancel: {
        pending.cancel()
      }
      guard let self else { return }
      self.loading = nil
      if Task.isCancelled {
        self.navigator.say("Loading cancelled.")
        return
      }
      switch result {
      case .failure(let error):
        self.bank = nil
        self.navigator.showNoData(reason: error.message, details: [])
      case .success(let bank):
        self.bank = bank
        self.report(bank)
        then(bank)
      }
    }
  }

  private func deal(from bank: QuestionBank, for request: TriviaRoute.PlayRequest) {
    let difficulty = request.difficulty ?? .mixed
    let wanted = request.count ?? options.questionCount
    if difficulty != .mixed, !bank.questions.isEmpty, bank.questions.countsByDifficulty[nil] == bank.questions.count {
      navigator.showNoData(
        reason:
          "\(source.name) does not grade its questions by difficulty, so there are no \(difficulty.rawValue) ones.",
        details: ["Choose Mixed to play its \(bank.questions.count) questions: type options, then difficulty."])
      return
    }
    let round = Round.deal(
      from: bank.questions, count: wanted, difficulty: difficulty, category: request.category,
      generator: &generator)
    guard round.total > 0 else {
      let what = [request.category, difficulty == .mixed ? nil : difficulty.rawValue].compactMap { $0 }
      navigator.showNoData(
        reason: "\(source.name) has no \(what.isEmpty ? "" : what.joined(separator: " ") + " ")questions.",
        details: Self.levelCounts(bank).map { ["Available: \($0)."] } ?? [])
      return
    }
    if round.total < wanted {
      navigator.say(
        "Only \(round.total) \(difficulty == .mixed ? "" : difficulty.rawValue + " ")\(round.total == 1 ? "question" : "questions") available; playing \(round.total)."
      )
    }
    self.round = round
    self.request = request
    navigator.showGame(round, request: request)
  }

  /// Loads off the main actor, at once.
  private static func startLoad(
    _ source: any DataSource, _ request: LoadRequest
  ) -> Task<Result<QuestionBank, DataSourceError>, Never> {
    Task.detached {
      do throws(DataSourceError) {
        return .success(try await source.load(request))
      } catch {
        return .failure(error)
      }
    }
  }

  /// Forgets the questions of a source that is no longer the one played.
  private func dropQuestions() {
    bank = nil
    earlyLoad?.cancel()
    earlyLoad = nil
  }

  /// One line on what was loaded, and the first few things skipped.
  private func report(_ bank: QuestionBank) {
    navigator.say(bank.summary(source: source.name).text + ".")
    let shown = 5
    let problems = bank.filesIgnored.filter { !$0.isNotQuestionFile } + bank.skipped
    for entry in problems.prefix(shown) { navigator.say("  \(entry)") }
    if problems.count > shown {
      navigator.say("  … and \(problems.count - shown) more: type source --details to see them all.")
    }
    // A README or a LICENSE beside the questions is not a problem: its name is enough.
    let others = bank.filesIgnored.filter(\.isNotQuestionFile).map(\.location)
    if !others.isEmpty {
      let names = others.prefix(shown).joined(separator: ", ")
      let more = others.count > shown ? " and \(others.count - shown) more (source --details lists them)" : ""
      navigator.say("  Not question files, passed over: \(names)\(more).")
    }
  }

  private static func levelCounts(_ bank: QuestionBank) -> String? {
    let parts = gradedCounts(bank)
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// `60 easy`, `64 medium`…, for the levels the bank has.
  private static func gradedCounts(_ bank: QuestionBank) -> [String] {
    let counts = bank.questions.countsByDifficulty
    return Difficulty.allCases.compactMap { level in counts[level].map { "\($0) \(level.rawValue)" } }
  }

  public func resume() {
    guard let session = savedSession else {
      navigator.say("There is no saved round to resume.")
      return
    }
    savedSession = nil
    sessionStore?.clear()
    navigator.offerResume(false)
    round = session.round
    request = session.request
    navigator.say("Resuming question \(session.round.index + 1) of \(session.round.total).")
    navigator.showGame(session.round, request: session.request)
    if session.round.isAwaitingNext {
      navigator.showFeedback(session.round, isCorrect: session.round.lastAnswerWasRight ?? false)
    }
  }

  public func answer(_ index: Int) {
    guard var round, let isCorrect = round.answer(index) else { return }
    self.round = round
    navigator.showFeedback(round, isCorrect: isCorrect)
  }

  public func continueRound() {
    guard var round, round.isAwaitingNext else { return }
    round.advance()
    self.round = round
    if round.isOver {
      navigator.showComplete(RoundResult(score: round.score, total: round.total))
    } else {
      navigator.showNextQuestion(round)
    }
  }

  public func finishRound() {
    round = nil
    navigator.returnToLanding()
  }

  // MARK: Options

  public func openOptions() {
    navigator.showOptions(options)
  }

  public func openDifficulty() {
    navigator.showDifficulty(anchor: .difficulty, current: options.difficulty) { [weak self] choice in
      self?.change { $0.difficulty = choice }
    }
  }

  public func setQuestionCount(_ count: Int) {
    change { $0.questionCount = count }
    navigator.updateOptions(options)
  }

  public func closeOptions() {
    navigator.closeOptions()
  }

  /// Applies a change to the options and saves it.
  private func change(_ update: (inout GameOptions) -> Void) {
    update(&options)
    update(&savedOptions)
    do {
      savedOptions = try optionsStore.update(update)
    } catch {
      navigator.say("Options not saved: \(error.message)")
    }
  }

  // MARK: Moving around

  public func retry() {
    dropQuestions()
    play(request)
  }

  // MARK: Sources and categories

  /// `source` alone describes the current source; `source SPEC` switches to another and
  /// loads it; `source --details` lists everything skipped.
  public func source(_ argument: String) {
    switch argument {
    case "":
      withBank(currentLoad) { [weak self] bank in self?.describe(bank) }
    case "--details":
      withBank(currentLoad) { [weak self] bank in
        guard let self else { return }
        let problems = bank.filesIgnored + bank.skipped
        self.navigator.say(problems.isEmpty ? "Nothing was skipped." : "Skipped \(problems.count):")
        for entry in problems { self.navigator.say("  \(entry)") }
      }
    default:
      source = makeSource(argument)
      dropQuestions()
      navigator.updateSource(source.name)
      loadNewSource()
    }
  }

  /// Loads a source just chosen, so the player learns at once whether it works.
  private func loadNewSource() {
    withBank(currentLoad) { [weak self] bank in
      guard let self else { return }
      if self.navigator.current == .noData { self.navigator.returnToLanding() }
      if let category = self.options.category,
        !bank.questions.countsByCategory.contains(where: { $0.category == category })
      {
        self.navigator.say("\(self.source.name) has no \(category) questions; playing every category.")
        self.change { $0.category = nil }
        self.navigator.updateOptions(self.options)
      }
    }
  }

  private var currentLoad: LoadRequest {
    LoadRequest(count: options.questionCount, difficulty: options.difficulty)
  }

  private func describe(_ bank: QuestionBank) {
    navigator.say("Source: \(source.name), \(LoadSummary.counted(bank.questions.count, "question")).")
    let ungraded = bank.questions.countsByDifficulty[nil].map { ["\($0) without a level"] } ?? []
    navigator.say("  By difficulty: " + (Self.gradedCounts(bank) + ungraded).joined(separator: ", ") + ".")
    navigator.say(
      "  By category: " + Self.categoryCounts(bank).map { "\($0.name) \($0.count)" }.joined(separator: ", ") + ".")
  }

  private static func categoryCounts(_ bank: QuestionBank) -> [(name: String, count: Int)] {
    bank.questions.countsByCategory.map { ($0.category, $0.count) }.sorted { $0.name < $1.name }
  }

  /// `category` alone lists the current source's categories; `category NAME` plays only
  /// that one; `category all` plays every one.
  public func category(_ argument: String) {
    withBank(currentLoad) { [weak self] bank in
      guard let self else { return }
      let counts = Self.categoryCounts(bank)
      if argument.isEmpty {
        self.navigator.say("Categories (\(self.options.category ?? "all") chosen):")
        for entry in counts { self.navigator.say("  \(entry.name) (\(entry.count))") }
        return
      }
      if argument.lowercased() == "all" {
        self.change { $0.category = nil }
      } else if let match = counts.first(where: { $0.name.matchingKey == argument.matchingKey }) {
        self.change { $0.category = match.name }
      } else {
        self.navigator.say("No category '\(argument)' in \(self.source.name); type category to list them.")
        return
      }
      self.navigator.say("Category: \(self.options.category ?? "all").")
      self.navigator.updateOptions(self.options)
    }
  }

  public func open(_ link: String) {
    let route: TriviaRoute
    do {
      route = try TriviaRoute(link: link)
    } catch {
      navigator.say("Cannot open that link: \(error.message).")
      return
    }
    switch route {
    case .landing: leaveRound(fromLink: true)
    case .play(let request): play(request)
    case .options: openOptions()
    case .difficulty: openDifficulty()
    case .source(let spec): switchSource(to: spec)
    }
    // A link may have taken the player out of the game, with their consent: the round is
    // gone, and must not be saved at quit.
    if round != nil, !navigator.isShowingRound { round = nil }
  }

  /// A source link: the landing shows the new source, unless the player stays in a round.
  private func switchSource(to spec: String) {
    let previous = (source, bank)
    source = makeSource(spec)
    dropQuestions()
    navigator.updateSource(source.name)
    guard navigator.returnToLanding() else {
      (source, bank) = previous
      navigator.updateSource(source.name)
      return
    }
    loadNewSource()
  }

  public func back() {
    switch navigator.current {
    case .difficulty: navigator.closeDifficulty()
    case .options: navigator.closeOptions()
    case .complete: finishRound()
    case .game, .feedback: leaveRound(fromLink: false)
    case .noData: navigator.returnToLanding()
    case .landing, nil: navigator.say("Nothing to go back to; type quit to leave.")
    }
  }

  /// Back to the landing; a round in progress goes only if the player confirms.
  private func leaveRound(fromLink: Bool) {
    let abandoning = hasRoundInProgress
    guard navigator.returnToLanding(fromLink: fromLink) else { return }
    if abandoning { navigator.say("Round abandoned.") }
    round = nil
  }

  /// Ends the session. A round in progress is saved, never thrown away.
  public func quit() {
    isFinished = true
    guard hasRoundInProgress, let round, let sessionStore else { return }
    let screens = navigator.current == .feedback ? ["landing", "game", "feedback"] : ["landing", "game"]
    do {
      try sessionStore.save(SavedSession(round: round, request: request, screens: screens))
      navigator.say("Your round is saved: type resume next time to go on with it.")
    } catch {
      navigator.say(error.message)
    }
  }
}
