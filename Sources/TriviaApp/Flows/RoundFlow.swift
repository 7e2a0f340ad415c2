import ScreenKit
import TriviaData
import TriviaHistory

/// How a round is shown: the game, the feedback over it, the score at the end.
@MainActor
public protocol RoundNavigating: AnyObject {
  /// Gets ready to show the round `request` asks for, going back to the landing first.
  func prepareToPlay(_ request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents)
    -> PlayPreparation
  /// The game screen, which reads the question from `round` each time it is drawn.
  func showGame(for request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents)
  func showFeedback(_ round: Round, events: RoundEvents)
  /// Removes the feedback: the game beneath draws the next question.
  func showNextQuestion()
  func showComplete(_ result: RoundResult, events: RoundEvents)
  /// False when the player chose to stay where they were.
  @discardableResult func returnToLanding(fromLink: Bool) -> Bool
}

/// What came of getting ready to play.
public enum PlayPreparation: Equatable, Sendable {
  case ready
  /// That very round is on screen: the link was ignored.
  case alreadyShowing
  /// A guard asked and the player stayed.
  case stayed
}

/// What the round's screens report, and that the game screen has gone.
public struct RoundEvents {
  public var answer: (Int) -> Void
  public var next: () -> Void
  public var finish: () -> Void
  /// `play` on the score screen: the next round.
  public var playAgain: () -> Void
  /// `back` during the round.
  public var leave: () -> Void
  /// The game screen left the navigation, however it happened.
  public var closed: () -> Void
  /// Not an event: what the game's prompt counts down, read as it is drawn.
  public var secondsLeft: () -> Int? = { nil }
}

/// Owns the round: deals it, takes answers, ends it, saves it when the game ends midway and
/// resumes it next time.
@MainActor
public final class RoundFlow {
  public private(set) var round: Round?
  /// What the round in play was dealt for.
  private var request = RoundRequest()
  private var saved: SavedSession?
  private var generator: SeededGenerator
  private let navigator: any RoundNavigating
  private let console: any Console
  private let store: (any SessionStore)?
  /// Where every round and answer is recorded, and what is new to the player read.
  private let recorder: RoundRecorder
  /// Set by the coordinator: where `play` on the score screen goes.
  public var onPlay: () -> Void = {}
  /// Set while `back` or a landing link leaves a round: its end is said.
  private var sayAbandoned = false
  /// How long the question on screen has been there, and for a timed one how long it has.
  private let timer: QuestionTimer

  public init(
    seed: UInt64, store: (any SessionStore)?, history: (any History)? = nil, navigator: any RoundNavigating,
    console: any Console, clock: GameClock = GameClock(virtual: false)
  ) {
    timer = QuestionTimer(clock: clock)
    generator = SeededGenerator(seed: seed)
    self.store = store
    recorder = RoundRecorder(history: history)
    self.navigator = navigator
    self.console = console
  }

  public var isInProgress: Bool { round.map { !$0.isOver } ?? false }
  public var canResume: Bool { saved != nil }

  /// Reads the round saved by the last session; a damaged one is reported and ignored.
  public func loadSaved() {
    switch store?.load() {
    case .success(let session): saved = session
    case .failure(let error): console.say(error.message)
    case nil: break
    }
  }

  /// Goes back to the landing for a new round; false when there will be none (the same round
  /// is on screen, or the player stayed).
  public func prepare(_ request: RoundRequest) -> Bool {
    switch navigator.prepareToPlay(request, round: { [unowned self] in round }, events: events) {
    case .alreadyShowing:
      console.say("You are already playing that round.")
      return false
    case .stayed:
      return false
    case .ready:
      // The saved round stays until a new one is dealt: a load that fails starts none.
      round = nil
      return true
    }
  }

  /// Deals a round for `request` from `questions` (of `categories`, as the bank names them)
  /// and shows it.
  /// A night's questions, dealt as a round's are and from the same generator, so a seed
  /// replays a night too. History plays no part: the night is the host's and its players'.
  func dealNight(_ request: RoundRequest, from questions: QuestionList, categories: Set<String>?) -> [Round.Item] {
    Round.deal(
      from: questions, count: request.count ?? GameOptions.standard.questionCount,
      difficulty: request.difficulty ?? .mixed, categories: categories, generator: &generator
    ).items
  }

  public func deal(
    _ request: RoundRequest, from questions: QuestionList, source: String, categories: Set<String>?
  ) throws(NoQuestions) {
    let difficulty = request.difficulty ?? .mixed
    let wanted = request.count ?? GameOptions.standard.questionCount
    if let ungraded = NoQuestions.ungraded(request, in: questions, source: source) { throw ungraded }
    let allowed = request.missed == true ? try recorder.missed(in: questions, source: source) : nil
    var round = Round.deal(
      from: questions, count: wanted, difficulty: difficulty, categories: categories, only: allowed,
      asked: allowed == nil ? recorder.askedQuestions(in: questions) : nil, generator: &generator)
    round = Round(
      items: round.items, timeLimit: request.time.flatMap { $0 > 0 ? $0 : nil }, players: request.players ?? [])
    recorder.dealt()
    guard round.total > 0 else { throw NoQuestions.none(request, in: questions, source: source) }
    if round.total < wanted {
      let level = difficulty == .mixed ? "" : difficulty.rawValue + " "
      console.say(
        "Only \(round.total) \(level)\(round.total == 1 ? "question" : "questions") available; playing \(round.total).")
    }
    forgetSaved()
    recorder.started(round, for: request, from: source)
    show(round, for: request)
  }

  /// How many of `questions` this player was never asked; nil before this game has read its
  /// history, which it does when it first deals.
  public func unasked(in questions: QuestionList) -> Int? {
    recorder.unasked(in: questions)
  }

  /// Whether history is kept by this game but has stopped (a file it cannot use): what is
  /// new to the player is then not known.
  public var historyIsOff: Bool { recorder.isOff }

  /// Goes on with the saved round, with the time limit it was saved with.
  public func resume() {
    resume(timeLimit: saved?.round.timeLimit)
  }

  /// Goes on with the saved round, its questions timed by `timeLimit` (nil: none), the one
  /// the landing shows: the question on screen goes on with the seconds it had left, within
  /// that limit.
  public func resume(timeLimit: Int?) {
    guard var session = saved else {
      console.say("There is no saved round to resume.")
      return
    }
    forgetSaved()
    if session.round.timeLimit != timeLimit {
      session.round.timeLimit = timeLimit
      session.request.time = timeLimit ?? 0
    }
    recorder.resumed(session)
    console.say("Resuming question \(session.round.index + 1) of \(session.round.total).")
    show(session.round, for: session.request, secondsLeft: session.secondsLeft)
    if session.round.isAwaitingNext { navigator.showFeedback(session.round, events: events) }
  }

  public func answer(_ index: Int) {
    let seconds = timer.secondsTaken
    guard var round, let item = round.current,
      let isRight = round.answer(index, milliseconds: Int(min(seconds, 86_400) * 1000))
    else { return }
    self.round = round
    record(item, chosen: item.answers[index], isRight: isRight, seconds: seconds)
    navigator.showFeedback(round, events: events)
  }

  /// Seconds the question on screen has left, when it is timed and not yet answered.
  public var secondsLeft: Int? { round?.isAwaitingNext == false ? timer.secondsLeft : nil }

  /// When, on the game's clock, the countdown next needs the game.
  public var nextWake: Duration? { secondsLeft == nil ? nil : timer.nextWake }

  /// Time is up for a timed question: it counts as unanswered, and wrong (true).
  @discardableResult public func tick() -> Bool {
    guard timer.isUp, var round, let item = round.current, round.timeUp() else { return false }
    self.round = round
    record(item, chosen: "", isRight: false, seconds: timer.secondsTaken)
    navigator.showFeedback(round, events: events)
    return true
  }

  /// Keeps an answer (`chosen` empty when time ran out) in history, with whose it was, and
  /// stops the clock.
  private func record(_ item: Round.Item, chosen: String, isRight: Bool, seconds: Double) {
    timer.stop()
    recorder.answered(item, by: round?.turn?.name, chosen: chosen, isRight: isRight, seconds: seconds)
  }

  public func next() {
    guard var round, round.isAwaitingNext else { return }
    round.advance()
    self.round = round
    if round.isOver {
      // A best is one player's: a round of turns sets none.
      let before = round.players.isEmpty ? recorder.bestScore(before: round, category: request.category) : nil
      recorder.ended(round, how: .completed)
      let newBest = before.flatMap { round.score > $0 ? round.score : nil }.map { score in
        "New best for \(request.category ?? "all categories") at \(round.total) questions: \(score)/\(round.total)"
      }
      navigator.showComplete(
        RoundResult(
          score: round.score, total: round.total, bestRun: round.bestRun, newBest: newBest,
          standings: round.standings),
        events: events)
    } else {
      timer.start(limit: round.questionTime)
      navigator.showNextQuestion()
    }
  }

  public func finish() {
    round = nil
    navigator.returnToLanding(fromLink: false)
  }

  /// Back to the landing; a round in progress goes only if the player confirms.
  public func leave(fromLink: Bool) {
    // Said as the game screen closes, before the landing is drawn.
    sayAbandoned = isInProgress
    defer { sayAbandoned = false }
    guard navigator.returnToLanding(fromLink: fromLink) else { return }
    end()
  }

  /// Keeps a round in progress for the next session: the game is ending.
  public func save() {
    guard isInProgress, let round, let store else { return }
    recorder.ended(round, how: .saved)
    let recorded = recorder.recorded
    // A question's clock goes on where it stopped (at least a second, had it just run out).
    let secondsLeft = round.isAwaitingNext ? nil : timer.secondsLeft.map { max($0, 1) }
    do {
      try store.save(
        SavedSession(
          round: round, request: request, source: recorded.source, historyRound: recorded.round,
          secondsLeft: secondsLeft))
      console.say("Your round is saved: type resume next time to go on with it.")
    } catch {
      console.say(error.message)
    }
  }

  /// Shows `round`; its question, when timed, with `secondsLeft` (of a resumed one) or its
  /// full time.
  private func show(_ round: Round, for request: RoundRequest, secondsLeft: Int? = nil) {
    self.round = round
    self.request = request
    let limit = round.questionTime.map { limit in secondsLeft.map { min($0, limit) } ?? limit }
    timer.start(limit: round.isAwaitingNext ? nil : limit)
    navigator.showGame(for: request, round: { [unowned self] in self.round }, events: events)
  }

  private func forgetSaved() {
    guard saved != nil else { return }
    saved = nil
    store?.clear()
  }

  private var events: RoundEvents {
    RoundEvents(
      answer: { [unowned self] in answer($0) }, next: { [unowned self] in next() },
      finish: { [unowned self] in finish() }, playAgain: { [unowned self] in onPlay() },
      leave: { [unowned self] in leave(fromLink: false) }, closed: { [unowned self] in end() },
      secondsLeft: { [unowned self] in secondsLeft })
  }

  /// The round is gone: one still in progress was abandoned.
  private func end() {
    if let round, !round.isOver {
      recorder.ended(round, how: .abandoned)
      if sayAbandoned { console.say("Round abandoned.") }
      sayAbandoned = false
    }
    round = nil
    timer.stop()
  }
}
