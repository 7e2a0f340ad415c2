import Foundation
import NavigatorKit
import ScreenKit
import TriviaApp
import TriviaData
import TriviaHistory
import TriviaTerminal

/// Records what reaches the player, and draws what the navigator shows.
final class RecordingConsole: Console, NavigationRenderer {
  var lines: [String] = []
  var renders: [String?] = []

  func write(_ lines: [Line]) {
    self.lines += lines.map(\.text)
  }

  func render(_ state: NavigationState<any TerminalView>) {
    renders.append(state.activeName)
    write(state.active?.render() ?? [])
  }
}

/// The app as the game builds it, with a recording console: lines go in through the input
/// layer, and what they start runs to the end.
@MainActor
struct TestApp {
  let console = RecordingConsole()
  let navigator: Navigator<any TerminalView>
  let coordinator: AppCoordinator
  let input: CommandInput

  init(
    source: any DataSource = FakeSource(result: .success(QuestionBank(questions: sampleQuestions(10)))),
    sessions: (any SessionStore)? = nil, options: GameOptions = GameOptions(questionCount: 3, difficulty: .mixed),
    seed: UInt64 = 8, makeSource: @escaping (String) -> any DataSource = makeDataSource(spec:)
  ) {
    navigator = Navigator(renderer: console)
    let coordinator = AppCoordinator(
      source: source, navigator: AppNavigator(navigator: navigator, console: console), console: console,
      optionsStore: MemoryOptionsStore(), sessionStore: sessions, options: options, seed: seed,
      makeSource: makeSource)
    self.coordinator = coordinator
    input = CommandInput(
      navigator: navigator, console: console, open: { coordinator.open($0) }, quit: { coordinator.quit() },
      offered: { coordinator.commands.table(on: $0) }, whereYouAre: ScreenName.whereYouAre)
  }

  func type(_ lines: String...) async {
    for line in lines {
      input.run(line)
      await coordinator.runPending()
    }
  }
}

/// What the round flow asks of navigation, as a fake of its protocol alone.
@MainActor
final class FakeRoundNavigator: RoundNavigating {
  var calls: [String] = []
  var events: RoundEvents?
  var round: (() -> Round?)?
  /// What a guard would answer when the player leaves a round.
  var allowLeaving = true
  var showing: RoundRequest?

  func prepareToPlay(_ request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents)
    -> PlayPreparation
  {
    if showing == request { return .alreadyShowing }
    return returnToLanding(fromLink: false) ? .ready : .stayed
  }

  func showGame(for request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents) {
    showing = request
    self.round = round
    self.events = events
    let shown = round()
    calls.append("game \((shown?.index ?? 0) + 1)/\(shown?.total ?? 0)")
  }

  func showFeedback(_ round: Round, events: RoundEvents) {
    calls.append("feedback \(round.lastAnswerWasRight == true ? "right" : "wrong") \(round.score)/\(round.answered)")
  }

  func showNextQuestion() {
    let shown = round?()
    calls.append("next \((shown?.index ?? 0) + 1)/\(shown?.total ?? 0)")
  }

  /// What each score screen was given.
  var results: [RoundResult] = []

  func showComplete(_ result: RoundResult, events: RoundEvents) {
    results.append(result)
    calls.append("complete \(result.score)/\(result.total)")
  }

  func returnToLanding(fromLink: Bool) -> Bool {
    guard showing != nil else { return true }
    if round?()?.isOver == false, !allowLeaving {
      calls.append("stay")
      return false
    }
    calls.append("return")
    showing = nil
    events?.closed()
    return true
  }
}

/// What the options flow asks of navigation, as a fake of its protocol alone.
@MainActor
final class FakeOptionsNavigator: OptionsNavigating {
  var calls: [String] = []
  var setup: (() -> Setup)?
  var events: OptionsEvents?
  var choose: ((DifficultyChoice) -> Void)?

  func showOptions(_ setup: @escaping () -> Setup, events: OptionsEvents) {
    self.setup = setup
    self.events = events
    calls.append("options \(setup().options.questionCount) \(setup().options.difficulty.rawValue)")
  }

  func closeOptions() {
    calls.append("close-options")
  }

  func showDifficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
  ) {
    calls.append("difficulty \(current.rawValue)")
    choose = onChoice
  }

  func closeDifficulty() {
    calls.append("close-difficulty")
  }
}

final class MemorySessionStore: SessionStore, @unchecked Sendable {
  var session: SavedSession?
  func load() -> Result<SavedSession?, StoreError> { .success(session) }
  func save(_ session: SavedSession) throws(StoreError) { self.session = session }
  func clear() { session = nil }
}

/// A source that returns what it is given, or fails.
struct FakeSource: DataSource {
  var result: Result<QuestionBank, DataSourceError>
  var name: String { "fake" }

  func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    try result.get()
  }
}

/// A source that counts its loads and says which were cancelled.
final class CountingSource: DataSource, @unchecked Sendable {
  let name: String
  /// How long a load takes, unless cancelled.
  let delay: Duration
  private let lock = NSLock()
  private var started = 0
  private var cancelledCount = 0

  let loadsAtStart: Bool

  init(name: String, delay: Duration = .milliseconds(20), loadsAtStart: Bool = true) {
    self.name = name
    self.delay = delay
    self.loadsAtStart = loadsAtStart
  }

  var loads: Int { lock.withLock { started } }
  var cancelled: Int { lock.withLock { cancelledCount } }

  func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    lock.withLock { started += 1 }
    try? await Task.sleep(for: delay)
    if Task.isCancelled {
      lock.withLock { cancelledCount += 1 }
      throw DataSourceError("Loading from \(name) was cancelled.")
    }
    return QuestionBank(questions: sampleQuestions(5))
  }
}

/// A source whose load never ends until it is cancelled, like a huge or stalled one.
struct EndlessSource: DataSource {
  var name: String { "endless" }

  func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(5))
    }
    throw DataSourceError("Loading from endless was cancelled.")
  }
}

/// Options kept in memory, with a switch to make saving fail.
final class MemoryOptionsStore: OptionsStore, @unchecked Sendable {
  var saved: [GameOptions] = []
  var failure: StoreError?

  func load() -> Result<GameOptions?, StoreError> { .success(saved.last) }

  func save(_ options: GameOptions) throws(StoreError) {
    if let failure { throw failure }
    saved.append(options)
  }
}

func sampleQuestions(_ count: Int, difficulty: Difficulty = .easy) -> [Question] {
  (1...count).map { number in
    Question(
      category: "Test", difficulty: difficulty, kind: number.isMultiple(of: 3) ? .boolean : .multiple,
      text: "Question \(number)?", correctAnswer: number.isMultiple(of: 3) ? "True" : "Right \(number)",
      incorrectAnswers: number.isMultiple(of: 3) ? ["False"] : ["Wrong A", "Wrong B", "Wrong C"])
  }
}

/// A history in memory: answers kept in order, read back as the SQLite store reads them.
final class MemoryHistory: History {
  private(set) var answers: [AnsweredQuestion] = []
  /// The round each answer was recorded in.
  private(set) var answerRounds: [Int64?] = []
  /// The row a resumed round goes on in when not its own, as when the file was replaced.
  var resumedRow: Int64?
  var isKept = true

  func roundStarted(_ round: PlayedRound) -> Int64? { nil }
  func answered(_ answer: AnsweredQuestion, inRound round: Int64?) -> Int64? {
    answers.append(answer)
    answerRounds.append(round)
    // The number `askedQuestions` gives it: its place.
    return Int64(answers.count - 1)
  }
  func roundEnded(_ round: Int64?, score: Int, how: RoundEnding) {}
  func roundResumed(_ round: Int64?, as played: PlayedRound) -> Int64? { resumedRow ?? round }
  func bestScore(category: String?, total: Int) -> Int? { nil }
  func lastRoundAnswers() -> [AnsweredQuestion] { [] }
  func stats(category: String?) -> PlayerStats? { nil }
  func playerNames() -> [String] { Array(Set(answers.compactMap(\.player))).sorted() }
  func stats(players names: [String]) -> PlayerStats? {
    var stats = PlayerStats()
    stats.player = names.first
    let theirs = answers.filter { $0.player.map(names.contains) == true }
    stats.overall = .init(name: "all", answered: theirs.count, right: theirs.count(where: \.isRight))
    return stats
  }
  /// Nights hosted, in order.
  private(set) var nights: [PlayedNight] = []
  func nightEnded(_ night: PlayedNight) { nights.append(night) }
  func hostedNights() -> [HostedNight]? {
    nights.enumerated().reversed().map { HostedNight(number: $0.offset + 1, date: "2026-11-24", night: $0.element) }
  }

  func missedQuestionIDs() -> Set<Int64> {
    var last: [Int64: Bool] = [:]
    for answer in answers { last[answer.questionID] = answer.isRight }
    return Set(last.filter { !$0.value }.keys)
  }

  func lastAsked(_ id: Int64) -> Int64? { askedQuestions()[id] }

  func askedQuestions() -> [Int64: Int64] {
    var asked: [Int64: Int64] = [:]
    for (order, answer) in answers.enumerated() { asked[answer.questionID] = Int64(order) }
    return asked
  }
}
