import DifficultyScreen
import NavigatorKit
import OptionsScreen
import ScreenKit
import TriviaData

extension AppNavigator: OptionsNavigating {
  /// The options run as a flow with a navigator of their own, removed when they close.
  public func showOptions(_ setup: @escaping () -> Setup, events: OptionsEvents) {
    screens[.options] = .options(setup, events)
    follow(.options)
  }

  public func closeOptions() {
    guard
      let flow = navigator.subNavigators.last(where: { $0.state.entries.first?.name == ScreenName.options.rawValue })
    else { return }
    attempt { () throws(NavigationError) in try navigator.removeSubNavigator(flow) }
  }

  public func showDifficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
  ) {
    screens[.difficulty] = .difficulty(current: current, onChoice: onChoice, onBack: onBack)
    follow(.difficulty)
  }

  public func closeDifficulty() {
    dismiss(.difficulty)
  }
}

extension Screen where View == any TerminalView {
  static func options(_ setup: @escaping () -> Setup, _ events: OptionsEvents) -> Self {
    Self(.options, anchors: [Anchor.difficulty]) {
      let screen = OptionsScreen {
        let setup = setup()
        return OptionsScreen.State(
          questionCount: setup.options.questionCount, countRange: GameOptions.countRange,
          difficulty: setup.options.difficulty.title, category: setup.options.category ?? "All",
          source: setup.source, timeLimit: setup.options.timeLimit, timeRange: GameOptions.timeRange,
          players: setup.options.players, playerRange: GameOptions.playerRange)
      }
      screen.onCount = events.count
      screen.onTime = events.time
      screen.onPlayers = events.players
      screen.onDifficulty = events.difficulty
      screen.onDone = events.done
      screen.onBack = events.done
      return screen
    }
  }

  static func difficulty(
    current: DifficultyChoice, onChoice: @escaping (DifficultyChoice) -> Void, onBack: @escaping () -> Void
  ) -> Self {
    let choices = DifficultyChoice.allCases
    let state = DifficultyScreen.State(choices: choices.map(\.title), selected: choices.firstIndex(of: current) ?? 0)
    return Self(.difficulty) {
      let screen = DifficultyScreen(state: state)
      screen.onChoice = { onChoice(choices[$0]) }
      screen.onBack = onBack
      return screen
    }
  }
}
