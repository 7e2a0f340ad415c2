import LandingScreen
import NavigatorKit
import NoDataScreen
import ScreenKit
import TriviaData

extension AppNavigator: HomeNavigating {
  public func showLanding(_ setup: @escaping () -> Setup, events: LandingEvents) {
    screens[.landing] = .landing(setup, events)
    attempt { () throws(NavigationError) in try router.reset(to: .landing) }
  }

  public func showNoData(_ problem: @escaping () -> NoQuestions, events: NoDataEvents) {
    guard returnToLanding(fromLink: false) else { return }
    let screen = TriviaScreen.noData(problem, events)
    attempt { () throws(NavigationError) in try navigator.handle(.push(screen)) }
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

  static func noData(_ problem: @escaping () -> NoQuestions, _ events: NoDataEvents) -> Self {
    Self(.noData) {
      let screen = NoDataScreen {
        let problem = problem()
        return NoDataScreen.State(reason: problem.reason, details: problem.details)
      }
      screen.onPlay = events.play
      screen.onRetry = events.retry
      screen.onBack = events.back
      return screen
    }
  }
}

extension AppNavigator {
  public func closeNoData() {
    guard navigator.activeState.isActive(.noData) else { return }
    returnToLanding(fromLink: false)
  }
}
