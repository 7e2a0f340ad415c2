import ScreenKit
import TriviaData

/// How the options flow is shown: a modal with a navigator of its own, and the difficulty
/// popover on the line it belongs to.
@MainActor
public protocol OptionsNavigating: AnyObject {
  func showOptions(_ setup: @escaping () -> Setup, events: OptionsEvents)
  func closeOptions()
  /// A menu anchored to the Difficulty line of the screen on top (the landing's when the
  /// top has no such line).
  func showDifficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void)
  func closeDifficulty()
}

/// What the options screen reports.
public struct OptionsEvents {
  public var count: (Int) -> Void
  /// Seconds a question may take; 0 for no limit.
  public var time: (Int) -> Void
  /// Who takes turns (none: one player); what is wrong with them, or nil once taken.
  public var players: ([String]) -> String?
  public var difficulty: () -> Void
  public var done: () -> Void
}

/// Owns the options: what this run plays with, and what is saved for the next.
@MainActor
public final class OptionsFlow {
  public private(set) var options: GameOptions
  /// What a load asks of the source for these options.
  var load: LoadRequest { LoadRequest(count: options.questionCount, difficulty: options.difficulty) }
  /// The options as saved, without this run's command-line overrides, which are not saved.
  private var savedOptions: GameOptions
  private let store: any OptionsStore
  private let navigator: any OptionsNavigating
  private let console: any Console
  /// The name of the source, which the options screen shows beside the options.
  private let sourceName: () -> String
  /// The loaded source's name when it grades none of its questions by difficulty.
  public var ungradedSource: () -> String? = { nil }
  /// Called when the options change without a navigation that would show them anew.
  public var didChange: () -> Void = {}

  public init(
    options: GameOptions, savedOptions: GameOptions, store: any OptionsStore, navigator: any OptionsNavigating,
    console: any Console, sourceName: @escaping () -> String
  ) {
    self.options = options
    self.savedOptions = savedOptions
    self.store = store
    self.navigator = navigator
    self.console = console
    self.sourceName = sourceName
  }

  /// `options` on the landing and the no-data screen; `difficulty` on the landing (the
  /// options screen has its own, for its line).
  public var commands: [AppCommand] {
    [
      AppCommand(.options { [unowned self] in open() }, on: [.landing, .noData]),
      AppCommand(.difficulty { [unowned self] in openDifficulty() }, on: [.landing]),
    ]
  }

  public func open() {
    navigator.showOptions(
      { [unowned self] in Setup(options: options, source: sourceName()) },
      events: OptionsEvents(
        count: { [unowned self] in setCount($0) }, time: { [unowned self] in setTime($0) },
        players: { [unowned self] in setPlayers($0) },
        difficulty: { [unowned self] in openDifficulty() }, done: { [unowned self] in close() }))
  }

  public func close() {
    navigator.closeOptions()
  }

  public func setCount(_ count: Int) {
    change { $0.questionCount = count }
    didChange()
  }

  public func setTime(_ seconds: Int) {
    change { $0.timeLimit = seconds > 0 ? seconds : nil }
    didChange()
  }

  /// Players to take turns from the next round on, checked by a night's rules; none for one
  /// player. The sentence that says why not, or nil once they are saved.
  public func setPlayers(_ names: [String]) -> String? {
    guard !names.isEmpty else {
      change { $0.players = nil }
      didChange()
      return nil
    }
    switch GameOptions.players(names) {
    case .failure(let problem): return problem.sentence
    case .success(let players):
      change { $0.players = players }
      didChange()
      return nil
    }
  }

  public func openDifficulty() {
    navigator.showDifficulty(
      current: options.difficulty, onChoice: { [unowned self] in choose($0) },
      onBack: { [unowned self] in navigator.closeDifficulty() })
  }

  /// The new level shows on the line the menu hangs from as the menu closes; then it is saved.
  private func choose(_ difficulty: DifficultyChoice) {
    options.difficulty = difficulty
    navigator.closeDifficulty()
    change { $0.difficulty = difficulty }
    if difficulty != .mixed, let source = ungradedSource() {
      console.say("\(source) grades no question by difficulty: \(difficulty.title) will find none.")
    }
  }

  /// Plays every level from now on, and says why once: the new source grades none.
  public func chooseMixed(because source: String) {
    guard options.difficulty != .mixed else { return }
    console.say("\(source) does not grade its questions by difficulty; playing Mixed.")
    change { $0.difficulty = .mixed }
  }

  /// The source kept for the next start, as `--source` takes it.
  var savedSource: String { savedOptions.source ?? "bundled" }

  /// Plays from `source` from now on, and at the next start.
  public func choose(source: String) {
    change { $0.source = source }
  }

  /// Plays only `category` (nil: every one) from now on.
  public func choose(category: String?) {
    change { $0.category = category }
  }

  /// Applies a change to the options and saves it.
  private func change(_ update: (inout GameOptions) -> Void) {
    update(&options)
    update(&savedOptions)
    do {
      savedOptions = try store.update(update)
    } catch {
      console.say("Options not saved: \(error.message)")
    }
  }
}
