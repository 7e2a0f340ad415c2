import FeedbackScreen
import NavigatorKit
import ScreenKit

extension ScreenName {
  public static let feedback = ScreenName(rawValue: "feedback")
}

extension Place {
  /// Over the question just answered, as its child: `continue` removes it and the game
  /// beneath draws the next question.
  static var feedback: Place { Place(.feedback, transition: .child, policy: .allowDuplicates) }
}

extension AppNavigator {
  public func showFeedback(_ round: Round, events: RoundEvents) {
    guard let item = round.current else { return }
    // Turns at one terminal: the points and the place of whose turn it was, not a run of
    // answers that were not all theirs.
    let standing = round.turn.flatMap { turn in
      round.standings.first { $0.player.name == turn.name }.map {
        FeedbackScreen.State.Standing(
          points: round.lastPoints, total: turn.points, place: $0.place, of: round.players.count)
      }
    }
    let state = FeedbackScreen.State(
      isCorrect: round.lastAnswerWasRight ?? false, correctAnswer: item.correctAnswer, score: round.score,
      answered: round.answered, isLast: round.isLastQuestion, run: standing == nil ? round.run : 0,
      timedOut: round.lastTimedOut, standing: standing, nextPlayer: round.nextTurn?.name)
    show(.feedback, .feedback(state, events))
  }

  public func showNextQuestion() {
    attempt { () throws(NavigationError) in try navigator.handle(.removeChild) }
  }
}

extension Screen where View == any TerminalView {
  static func feedback(_ state: FeedbackScreen.State, _ events: RoundEvents) -> Self {
    Self(.feedback) {
      let screen = FeedbackScreen(state: state)
      screen.onContinue = events.next
      screen.onBack = events.leave
      return screen
    }
  }
}
