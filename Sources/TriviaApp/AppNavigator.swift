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
/// requests into routes and navigations, and the screens' events into `AppActions`.
@MainActor
public final class AppNavigator: AppNavigating {
  public let navigator: Navigator<any TerminalScreen>
  public private(set) var router: Router<TriviaRoute, any TerminalScreen>!
  public weak var actions: (any AppActions)?
  private let console: any Console

  /// What the next screens built by routes will show.
  private var options = GameOptions.standard
  private var game: GameScreen.State?
  private var difficultyChoice: ((DifficultyChoice) -> Void)?

  public init(navigator: Navigator<any TerminalScreen>, console: any Console) {
    self.navigator = navigator
    self.console = console
    router = Router(navigator: navigator) { [unowned self] route in self.destination(route) }
    navigator.addGuard(.leave, screen: AppScreen.game.rawValue) { [weak self] in
      self?.actions?.hasRoundInProgress == true ? .confirm("Abandon this round?") : .allow
    }
  }

  /// Where each route leads. Only the landing is a root; the rest are shown from it.
  private func destination(_ route: TriviaRoute) -> Destination<TriviaRoute, any TerminalScreen> {
    switch route {
    case .landing, .source:
      Destination(route, screen: landingScreen(canResume: canResume), transition: .push)
    case .play:
      Destination(
        route, screen: .game(game ?? .placeholder) { [weak self] in self?.actions?.answer($0) }, transition: .push,
        policy: .singleTop, host: .landing)
    case .options:
      Destination(
        route, screen: optionsScreen(), transition: .flow, host: .landing, shownOver: [AppScreen.noData.rawValue])
    case .difficulty:
      Destination(
        route, screen: difficultyScreen(), transition: .popover(anchor: Anchor.difficulty.rawValue), host: .landing)
    }
  }

  // MARK: Input

  /// The prompt for the screen the player is on.
  public var prompt: String { navigator.activeView?.prompt ?? "trivia" }

  /// Commands every screen understands, after its own.
  var globalCommands: CommandTable {
    CommandTable([
      Command("help", summary: "list what you can type here") { [weak self] in self?.showHelp() },
      Command("back", summary: "leave this screen") { [weak self] in self?.actions?.back() },
      Command("where", summary: "show where you are: the screens open now") { [weak self] in self?.showWhere() },
      Command("open", usage: "open LINK", summary: "follow a trivia:// link", takesArgument: true) {
        [weak self] link in
        guard !link.isEmpty else { return .rejected("open needs a link, such as trivia://play?difficulty=easy") }
        self?.actions?.open(link)
        return .done
      },
      Command("quit", summary: "leave the game") { [weak self] in self?.actions?.quit() },
    ])
  }

  /// The commands of the active screen and the global ones, as one table.
  public var commands: CommandTable {
    (navigator.activeView?.commands ?? CommandTable()).merging(globalCommands)
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

  func showWhere() {
    console.write([Line("Open screens, from the first:", style: .title)] + navigator.tree.map { Line("  " + $0) })
  }

  /// Runs navigations. A guard's refusal is told to the player and leaves the screen as it
  /// was; any other refusal is a bug worth seeing rather than a crash.
  @discardableResult
  private func attempt(_ body: () throws(NavigationError) -> Void) -> Bool {
    do {
      try body()
      return true
    } catch .cancelled {
      console.write([Line("Staying here.", style: .dim)])
      navigator.refresh()
    } catch .denied(let reason) {
      console.write([Line(reason, style: .failure)])
    } catch {
      console.write([Line("Navigation refused: \(error)", style: .failure)])
    }
    return false
  }

  // MARK: HomeNavigating

  public var current: AppScreen? {
    navigator.activeState.activeName.flatMap(AppScreen.init(rawValue:))
  }

  private func landingScreen(canResume: Bool) -> TriviaScreen {
    let state = LandingScreen.State(
      questionCount: options.questionCount, difficulty: options.difficulty.title, source: source,
      category: options.category ?? "All", canResume: canResume)
    return .landing(state) { [weak self] screen in
      screen.onPlay = { self?.actions?.play() }
      screen.onResume = { self?.actions?.resume() }
      screen.onOptions = { self?.actions?.openOptions() }
      screen.onDifficulty = { self?.actions?.openDifficulty() }
      screen.onSource = { self?.actions?.source($0) }
      screen.onCategory = { self?.actions?.category($0) }
    }
  }

  private var source = ""
  private var canResume = false

  public func showLanding(options: GameOptions, source: String, canResume: Bool) {
    self.options = options
    self.source = source
    self.canResume = canResume
    attempt { () throws(NavigationError) in try router.reset(to: .landing) }
  }

  public func showNoData(reason: String, details: [String]) {
    let screen = TriviaScreen.noData(.init(reason: reason, details: details)) { [weak self] screen in
      screen.onRetry = { self?.actions?.retry() }
      screen.onOptions = { self?.actions?.openOptions() }
      screen.onSource = { self?.actions?.source($0) }
    }
    guard returnToLanding() else { return }
    attempt { () throws(NavigationError) in try navigator.handle(.push(screen)) }
  }

  @discardableResult
  public func returnToLanding(fromLink: Bool) -> Bool {
    if !fromLink, navigator.stack == [AppScreen.landing.rawValue] { return true }
    return attempt { () throws(NavigationError) in try router.navigate(to: .landing) }
  }

  public func offerResume(_ canResume: Bool) {
    navigator.topmost(LandingScreen.self)?.state.canResume = canResume
  }

  public func say(_ message: String) {
    console.write([Line(message)])
  }

  // MARK: RoundNavigating

  public var isShowingRound: Bool {
    navigator.stack.contains(AppScreen.game.rawValue)
  }

  public func prepareToPlay(_ request: TriviaRoute.PlayRequest) -> Bool {
    if router.plan(to: .play(request)).isIgnored {
      attempt { () throws(NavigationError) in try router.navigate(to: .play(request)) }
      say("You are already playing that round.")
      return false
    }
    return returnToLanding()
  }

  public func showGame(_ round: Round, request: TriviaRoute.PlayRequest) {
    guard let state = GameScreen.State(round) else { return }
    game = state
    attempt { () throws(NavigationError) in try router.navigate(to: .play(request)) }
  }

  public func showNextQuestion(_ round: Round) {
    guard let state = GameScreen.State(round) else { return }
    navigator.topmost(GameScreen.self)?.state = state
    attempt { () throws(NavigationError) in try navigator.handle(.removeChild) }
  }

  public func showFeedback(_ round: Round, isCorrect: Bool) {
    guard let item = round.current else { return }
    let state = FeedbackScreen.State(
      isCorrect: isCorrect, correctAnswer: item.correctAnswer, score: round.score, answered: round.answered,
      isLast: round.isLastQuestion)
    attempt { () throws(NavigationError) in
      try navigator.handle(.addChild(.feedback(state) { [weak self] in self?.actions?.continueRound() }))
    }
  }

  public func showComplete(_ result: RoundResult) {
    let state = CompleteScreen.State(score: result.score, total: result.total, message: result.message)
    attempt { () throws(NavigationError) in
      try navigator.handle(.present(.complete(state) { [weak self] in self?.actions?.finishRound() }))
    }
  }

  // MARK: OptionsNavigating

  private func optionsScreen() -> TriviaScreen {
    .options(.init(options, source: source)) { [weak self] screen in
      screen.onCount = { self?.actions?.setQuestionCount($0) }
      screen.onDifficulty = { self?.actions?.openDifficulty() }
      screen.onDone = { self?.actions?.closeOptions() }
      screen.onSource = { self?.actions?.source($0) }
      screen.onCategory = { self?.actions?.category($0) }
    }
  }

  /// The options run as a flow with a navigator of their own, removed when they close.
  public func showOptions(_ options: GameOptions) {
    self.options = options
    attempt { () throws(NavigationError) in try router.navigate(to: .options) }
  }

  public func updateOptions(_ options: GameOptions) {
    show(options)
    navigator.refresh()
  }

  /// Puts `options` on the screens that show them, without rendering.
  private func show(_ options: GameOptions) {
    self.options = options
    navigator.topmost(OptionsScreen.self)?.state = .init(options, source: source)
    if let landing = navigator.topmost(LandingScreen.self) {
      landing.state.questionCount = options.questionCount
      landing.state.difficulty = options.difficulty.title
      landing.state.category = options.category ?? "All"
    }
  }

  public func updateSource(_ name: String) {
    source = name
    navigator.topmost(LandingScreen.self)?.state.source = name
    navigator.topmost(OptionsScreen.self)?.state.source = name
  }

  public func closeOptions() {
    guard let flow = optionsFlow else { return }
    attempt { () throws(NavigationError) in try navigator.removeSubNavigator(flow) }
  }

  private var optionsFlow: Navigator<any TerminalScreen>? {
    navigator.subNavigators.last { $0.state.entries.first?.name == AppScreen.options.rawValue }
  }

  private func difficultyScreen() -> TriviaScreen {
    let choices = DifficultyChoice.allCases
    let state = DifficultyScreen.State(
      choices: choices.map(\.title), selected: choices.firstIndex(of: options.difficulty) ?? 0)
    return .difficulty(state) { [weak self] index in
      guard let self else { return }
      let choice = choices[index]
      // Update the line the popover hangs from, dismiss, and only then report the choice.
      var options = self.options
      options.difficulty = choice
      self.show(options)
      self.closeDifficulty()
      self.difficultyChoice?(choice)
    }
  }

  public func showDifficulty(
    anchor: Anchor, current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void
  ) {
    options.difficulty = current
    difficultyChoice = onChoice
    attempt { () throws(NavigationError) in try router.navigate(to: .difficulty) }
  }

  public func closeDifficulty() {
    guard current == .difficulty else { return }
    attempt { () throws(NavigationError) in try navigator.activeNavigator.handle(.dismiss) }
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

  /// Shown only if a route builds a game before a round exists, which the coordinator never does.
  static let placeholder = GameScreen.State(
    number: 0, total: 0, category: "", difficulty: "", question: "No round yet.", answers: [])
}

extension OptionsScreen.State {
  init(_ options: GameOptions, source: String) {
    self.init(
      questionCount: options.questionCount, countRange: GameOptions.countRange,
      difficulty: options.difficulty.title, category: options.category ?? "All", source: source)
  }
}
