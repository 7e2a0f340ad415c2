import CompleteScreen
import DifficultyScreen
import FeedbackScreen
import GameScreen
import LandingScreen
import NavigatorKit
import NoDataScreen
import OptionsScreen
import ScreenKit
import TriviaData

/// The only place that builds screens and wires their closures. It turns the coordinator's
/// requests into navigations and the screens' events into `AppActions`.
@MainActor
public final class AppNavigator: AppNavigating {
  public let navigator: Navigator<any TerminalScreen>
  public weak var actions: (any AppActions)?
  private let console: any Console

  public init(navigator: Navigator<any TerminalScreen>, console: any Console) {
    self.navigator = navigator
    self.console = console
  }

  // MARK: Input

  /// The prompt for the screen the player is on.
  public var prompt: String { navigator.state.active?.prompt ?? "trivia" }

  /// Commands every screen understands, after its own.
  var globalCommands: CommandTable {
    CommandTable([
      Command("help", summary: "list what you can type here") { [weak self] in self?.showHelp() },
      Command("back", summary: "leave this screen") { [weak self] in self?.actions?.back() },
      Command("quit", summary: "leave the game") { [weak self] in self?.actions?.quit() },
    ])
  }

  /// The commands of the active screen and the global ones, as one table.
  public var commands: CommandTable {
    (navigator.state.active?.commands ?? CommandTable()).merging(globalCommands)
  }

  /// Runs one line of input against the active screen.
  public func handle(input: String) {
    switch commands.run(input) {
    case .done: break
    case .rejected(let reason): console.write([Line(reason, style: .failure)])
    case .unknown:
      // An empty line where it means nothing just asks again.
      guard !input.trimmingWhitespace.isEmpty else { return }
      console.write([
        Line("Unknown command '\(input.trimmingWhitespace)'. Type help to see what you can do here.", style: .failure)
      ])
    }
  }

  func showHelp() {
    console.write([Line("You can type:", style: .title)] + commands.help)
  }

  /// Navigations come from the coordinator's decisions, which follow the model, so a
  /// refusal is a bug worth seeing rather than a crash.
  private func navigate(_ steps: [Navigation<any TerminalScreen>]) {
    do {
      try navigator.perform(steps)
    } catch {
      console.write([Line("Navigation refused: \(error)", style: .failure)])
    }
  }

  // MARK: HomeNavigating

  public var current: AppScreen? {
    navigator.state.activeName.flatMap(AppScreen.init(rawValue:))
  }

  public func showLanding(options: GameOptions, source: String) {
    let state = LandingScreen.State(
      questionCount: options.questionCount, difficulty: options.difficulty.title, source: source)
    navigate([
      .root(
        .landing(state) { [weak self] screen in
          screen.onPlay = { self?.actions?.play() }
          screen.onOptions = { self?.actions?.openOptions() }
          screen.onDifficulty = { self?.actions?.openDifficulty() }
        })
    ])
  }

  public func showNoData(reason: String, details: [String]) {
    let screen = TriviaScreen.noData(.init(reason: reason, details: details)) { [weak self] screen in
      screen.onRetry = { self?.actions?.retry() }
      screen.onOptions = { self?.actions?.openOptions() }
    }
    navigate(closingAll() + [.push(screen)])
  }

  public func returnToLanding() {
    navigate(closingAll())
  }

  /// Steps that dismiss everything presented and pop back to the root.
  private func closingAll() -> [Navigation<any TerminalScreen>] {
    let state = navigator.state
    let presented = state.entries.filter(\.presentation.isPresented).count
    var steps = Array(repeating: Navigation<any TerminalScreen>.dismiss, count: presented)
    if state.entries.count - presented > 1 { steps.append(.popToRoot) }
    return steps
  }

  public func say(_ message: String) {
    console.write([Line(message)])
  }

  // MARK: RoundNavigating

  public func showGame(_ round: Round) {
    guard let state = GameScreen.State(round) else { return }
    navigate(closingAll() + [.push(.game(state) { [weak self] in self?.actions?.answer($0) })])
  }

  public func showNextQuestion(_ round: Round) {
    guard let state = GameScreen.State(round) else { return }
    navigator.topmost(GameScreen.self)?.state = state
    navigate([.removeChild])
  }

  public func showFeedback(_ round: Round, isCorrect: Bool) {
    guard let item = round.current else { return }
    let state = FeedbackScreen.State(
      isCorrect: isCorrect, correctAnswer: item.correctAnswer, score: round.score, answered: round.answered,
      isLast: round.isLastQuestion)
    navigate([.addChild(.feedback(state) { [weak self] in self?.actions?.continueRound() })])
  }

  public func showComplete(_ result: RoundResult) {
    let state = CompleteScreen.State(score: result.score, total: result.total, message: result.message)
    navigate([.present(.complete(state) { [weak self] in self?.actions?.finishRound() })])
  }

  // MARK: OptionsNavigating

  public func showOptions(_ options: GameOptions) {
    let screen = TriviaScreen.options(.init(options)) { [weak self] screen in
      screen.onCount = { self?.actions?.setQuestionCount($0) }
      screen.onDifficulty = { self?.actions?.openDifficulty() }
      screen.onDone = { self?.actions?.closeOptions() }
    }
    navigate([.present(screen)])
  }

  public func updateOptions(_ options: GameOptions) {
    navigator.topmost(OptionsScreen.self)?.state = .init(options)
    if let landing = navigator.topmost(LandingScreen.self) {
      landing.state.questionCount = options.questionCount
      landing.state.difficulty = options.difficulty.title
    }
    navigator.refresh()
  }

  public func closeOptions() {
    if current == .options { navigate([.dismiss]) }
  }

  public func showDifficulty(
    anchor: Anchor, current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void
  ) {
    let choices = DifficultyChoice.allCases
    let state = DifficultyScreen.State(
      choices: choices.map(\.title), selected: choices.firstIndex(of: current) ?? 0)
    let popover = TriviaScreen.difficulty(state) { [weak self] index in
      guard let self else { return }
      let choice = choices[index]
      // Update the line the popover hangs from, dismiss, and only then report the choice.
      self.navigator.topmost(OptionsScreen.self)?.state.difficulty = choice.title
      self.navigator.topmost(LandingScreen.self)?.state.difficulty = choice.title
      self.navigate([.dismiss])
      onChoice(choice)
    }
    navigate([.popover(popover, anchor: anchor.rawValue)])
  }

  public func closeDifficulty() {
    if current == .difficulty { navigate([.dismiss]) }
  }
}

extension GameScreen.State {
  init?(_ round: Round) {
    guard let item = round.current else { return nil }
    self.init(
      number: round.index + 1, total: round.total, category: item.question.category,
      difficulty: item.question.difficulty?.title ?? "Any level", question: item.question.text,
      answers: item.answers)
  }
}

extension OptionsScreen.State {
  init(_ options: GameOptions) {
    self.init(
      questionCount: options.questionCount, countRange: GameOptions.countRange,
      difficulty: options.difficulty.title)
  }
}
