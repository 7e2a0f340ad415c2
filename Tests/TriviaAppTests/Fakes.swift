import Foundation
import TriviaApp
import TriviaData

/// Records what the coordinator asks of navigation, and answers `current` like the real one.
@MainActor
final class FakeNavigator: AppNavigating {
  var calls: [String] = []
  var messages: [String] = []
  var current: AppScreen?
  var difficultyChoice: ((DifficultyChoice) -> Void)?
  private var underPopover: AppScreen?

  /// What a guard would answer when the player leaves a round.
  var allowLeaving = true

  func showLanding(options: GameOptions, source: String, canResume: Bool) {
    calls.append(
      "landing \(options.questionCount) \(options.difficulty.rawValue) \(source)\(canResume ? " resume" : "")")
    current = .landing
  }

  func showNoData(reason: String, details: [String]) {
    calls.append("no-data \(reason)")
    current = .noData
  }

  func updateSource(_ name: String) {
    calls.append("source \(name)")
  }

  var isShowingRound: Bool { current == .game || current == .feedback }

  func offerResume(_ canResume: Bool) {
    calls.append("offer-resume \(canResume)")
  }

  func returnToLanding(fromLink: Bool) -> Bool {
    if current == .landing { return true }
    guard allowLeaving || !(current == .game || current == .feedback) else {
      calls.append("stay")
      return false
    }
    calls.append("return")
    current = .landing
    return true
  }

  func say(_ message: String) {
    messages.append(message)
  }

  func prepareToPlay(_ request: TriviaRoute.PlayRequest) -> Bool {
    if (current == .game || current == .feedback), request == lastRequest {
      calls.append("ignored")
      return false
    }
    return returnToLanding()
  }

  var lastRequest: TriviaRoute.PlayRequest?

  func showGame(_ round: Round, request: TriviaRoute.PlayRequest) {
    lastRequest = request
    calls.append("game \(round.index + 1)/\(round.total)")
    current = .game
  }

  func showNextQuestion(_ round: Round) {
    calls.append("next \(round.index + 1)/\(round.total)")
    current = .game
  }

  func showFeedback(_ round: Round, isCorrect: Bool) {
    calls.append("feedback \(isCorrect ? "right" : "wrong") \(round.score)/\(round.answered)")
    current = .feedback
  }

  func showComplete(_ result: RoundResult) {
    calls.append("complete \(result.score)/\(result.total)")
    current = .complete
  }

  func showOptions(_ options: GameOptions) {
    calls.append("options \(options.questionCount) \(options.difficulty.rawValue)")
    current = .options
  }

  func updateOptions(_ options: GameOptions) {
    calls.append("update \(options.questionCount) \(options.difficulty.rawValue)")
  }

  func closeOptions() {
    calls.append("close-options")
    current = .landing
  }

  func showDifficulty(anchor: Anchor, current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void) {
    calls.append("difficulty \(anchor.rawValue) \(current.rawValue)")
    underPopover = self.current
    self.current = .difficulty
    difficultyChoice = { [weak self] choice in
      self?.current = self?.underPopover
      onChoice(choice)
    }
  }

  func closeDifficulty() {
    calls.append("close-difficulty")
    current = underPopover
  }
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

  init(name: String, delay: Duration = .milliseconds(20)) {
    self.name = name
    self.delay = delay
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
  var failure: DataSourceError?

  func load() -> Result<GameOptions?, DataSourceError> { .success(saved.last) }

  func save(_ options: GameOptions) throws(DataSourceError) {
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
