import LandingScreen
import NavigatorKit
import ScreenKit
import TriviaData

extension ScreenName {
  public static let landing = ScreenName(rawValue: "landing")
}

extension Place {
  /// The root: every session starts there, and most places are reached over it.
  static var landing: Place { Place(.landing, transition: .push) }
}

extension AppNavigator: HomeNavigating {
  public func showLanding(_ setup: @escaping () -> Setup, events: LandingEvents) {
    screens[.landing] = .landing(setup, events)
    attempt { () throws(NavigationError) in try router.reset(to: .landing) }
  }
}

extension Screen where View == any TerminalView {
  static func landing(_ setup: @escaping () -> Setup, _ events: LandingEvents) -> Self {
    Self(.landing, anchors: [Anchor.difficulty]) {
      let screen = LandingScreen {
        let setup = setup()
        return LandingScreen.State(
          questionCount: setup.options.questionCount, difficulty: setup.options.difficulty.title,
          source: setup.source, category: setup.options.category ?? "All", canResume: setup.canResume,
          unasked: setup.historyOff
            ? "not known: history is off for this game"
            : setup.unasked.map {
              $0.count == 0
                ? "none of \(LoadSummary.grouped($0.total)): all asked; those asked longest ago come back first"
                : "\(LoadSummary.grouped($0.count)) of \(LoadSummary.counted($0.total, "question")) not yet asked"
            }, timeLimit: setup.options.timeLimit, players: setup.options.players)
      }
      screen.onPlay = events.play
      screen.onPlayMissed = events.playMissed
      screen.onResume = events.resume
      return screen
    }
  }
}
