import CompleteScreen
import NavigatorKit
import ScreenKit

extension ScreenName {
  public static let complete = ScreenName(rawValue: "complete")
}

extension Place {
  /// The score, over the round's last question.
  static var complete: Place { Place(.complete, transition: .present) }
}

extension AppNavigator {
  public func showComplete(_ result: RoundResult, events: RoundEvents) {
    let state = CompleteScreen.State(
      score: result.score, total: result.total, message: result.message + (result.newBest.map { [$0 + "."] } ?? []),
      bestRun: result.standings.isEmpty ? result.bestRun : 0,
      standings: result.standings.map { StandingRow(place: $0.place, name: $0.player.name, score: $0.player.points) })
    show(.complete, .complete(state, events))
  }
}

extension Screen where View == any TerminalView {
  static func complete(_ state: CompleteScreen.State, _ events: RoundEvents) -> Self {
    Self(.complete) {
      let screen = CompleteScreen(state: state)
      screen.onDone = events.finish
      screen.onBack = events.finish
      screen.onPlay = events.playAgain
      return screen
    }
  }
}
