import NavigatorKit
import NoDataScreen
import ScreenKit

extension ScreenName {
  public static let noData = ScreenName(rawValue: "no-data")
}

extension Place {
  /// Over the landing, closing what else is open; a new problem replaces the one shown.
  static var noData: Place { Place(.noData, transition: .push, policy: .allowDuplicates, host: .landing) }
}

extension AppNavigator {
  public func showNoData(_ problem: @escaping () -> NoQuestions, events: NoDataEvents) {
    show(.noData, .noData(problem, events))
  }

  public func closeNoData() {
    guard navigator.activeState.isActive(.noData) else { return }
    returnToLanding(fromLink: false)
  }
}

extension Screen where View == any TerminalView {
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
