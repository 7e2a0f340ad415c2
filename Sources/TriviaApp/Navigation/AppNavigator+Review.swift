import NavigatorKit
import ReviewScreen
import ScreenKit
import TriviaHistory

extension AppNavigator: ReviewNavigating {
  public func showReview(_ answers: [AnsweredQuestion], onDone: @escaping () -> Void) {
    attempt { () throws(NavigationError) in try navigator.activeNavigator.handle(.present(.review(answers, onDone))) }
  }

  public func closeReview() {
    dismiss(.review)
  }
}

extension Screen where View == any TerminalView {
  static func review(_ answers: [AnsweredQuestion], _ onDone: @escaping () -> Void) -> Self {
    Self(.review) {
      let screen = ReviewScreen(
        state: .init(
          items: answers.map {
            .init(question: $0.question, chosen: $0.chosen, correctAnswer: $0.correctAnswer, isRight: $0.isRight)
          }))
      screen.onDone = onDone
      screen.onBack = onDone
      return screen
    }
  }
}
