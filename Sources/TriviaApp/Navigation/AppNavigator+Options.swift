import NavigatorKit
import OptionsScreen
import ScreenKit
import TriviaData

extension ScreenName {
  public static let options = ScreenName(rawValue: "options")
}

extension Place {
  /// A flow with a navigator of its own over the landing, or over the no-data screen whose
  /// options it changes.
  static var options: Place { Place(.options, transition: .flow, host: .landing, shownOver: [.noData]) }
}

extension AppNavigator: OptionsNavigating {
  public func showOptions(_ setup: @escaping () -> Setup, events: OptionsEvents) {
    show(.options, .options(setup, events))
  }

  /// The options' navigator is removed when they close.
  public func closeOptions() {
    guard
      let flow = navigator.subNavigators.last(where: { $0.state.entries.first?.name == ScreenName.options.rawValue })
    else { return }
    attempt { () throws(NavigationError) in try navigator.removeSubNavigator(flow) }
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
}
