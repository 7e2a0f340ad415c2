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
  private var generator: SeededGenerator
  private var loading: Task<Void, Never>?

  public init(
    source: any DataSource, navigator: any AppNavigating, optionsStore: any OptionsStore, options: GameOptions,
    seed: UInt64
  ) {
    self.source = source
    self.navigator = navigator
    self.optionsStore = optionsStore
    self.options = options
    self.generator = SeededGenerator(seed: seed)
  }

  public func start() {
    navigator.showLanding(options: options, source: source.name)
  }

  /// Waits for a load in progress, so the next input sees its result.
  public func settle() async {
    await loading?.value
  }

  // MARK: AppActions

  public func play() {
    guard loading == nil else { return }
    navigator.say("Loading questions from \(source.name)…")
    let source = self.source
    let request = LoadRequest(count: options.questionCount, difficulty: options.difficulty)
    loading = Task { [weak self] in
      let result: Result<QuestionBank, DataSourceError>
      do throws(DataSourceError) {
        result = .success(try await source.load(request))
      } catch {
        result = .failure(error)
      }
      self?.loaded(result)
    }
  }

  private func loaded(_ result: Result<QuestionBank, DataSourceError>) {
    loading = nil
    switch result {
    case .failure(let error):
      navigator.showNoData(reason: error.message, details: [])
    case .success(let bank):
      report(bank)
      let round = Round.deal(from: bank.questions, options: options, generator: &generator)
      guard round.total > 0 else {
        navigator.showNoData(
          reason: "\(source.name) has no \(options.difficulty.title.lowercased()) questions.",
          details: Self.levelCounts(bank).map { ["Available: \($0)."] } ?? [])
        return
      }
      if round.total < options.questionCount {
        navigator.say(
          "Only \(round.total) \(options.difficulty == .mixed ? "" : options.difficulty.rawValue + " ")questions available; playing \(round.total)."
        )
      }
      self.round = round
      navigator.showGame(round)
    }
  }

  /// One line on what was loaded, and why anything was skipped.
  private func report(_ bank: QuestionBank) {
    let skipped = bank.skipped
    guard !skipped.isEmpty else {
      navigator.say("Loaded \(bank.questions.count) questions.")
      return
    }
    navigator.say("Loaded \(bank.questions.count) questions; skipped \(skipped.count):")
    let shown = 5
    for entry in skipped.prefix(shown) { navigator.say("  \(entry)") }
    if skipped.count > shown { navigator.say("  … and \(skipped.count - shown) more.") }
  }

  private static func levelCounts(_ bank: QuestionBank) -> String? {
    let counts = bank.countsByDifficulty
    let parts = Difficulty.allCases.compactMap { level in counts[level].map { "\($0) \(level.rawValue)" } }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
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

  /// Applies a change to the options and saves them.
  private func change(_ update: (inout GameOptions) -> Void) {
    update(&options)
    do {
      try optionsStore.save(options)
    } catch {
      navigator.say("Options not saved: \(error.message)")
    }
  }

  public func retry() {
    play()
  }

  public func back() {
    switch navigator.current {
    case .difficulty: navigator.closeDifficulty()
    case .options: navigator.closeOptions()
    case .complete: finishRound()
    case .game, .feedback:
      round = nil
      navigator.say("Round abandoned.")
      navigator.returnToLanding()
    case .noData: navigator.returnToLanding()
    case .landing, nil: navigator.say("Nothing to go back to; type quit to leave.")
    }
  }

  public func quit() {
    isFinished = true
  }
}
