import NavigatorKit
import ReviewScreen
import ScreenKit
import TriviaHistory

extension ScreenName {
  public static let review = ScreenName(rawValue: "review")
}

extension Place {
  /// Over the screen it was asked from.
  static var review: Place { Place(.review, transition: .present) }
}

extension AppNavigator: ReviewNavigating {
  public func showReview(_ answers: [AnsweredQuestion], onDone: @escaping () -> Void) {
    show(.review, .review(answers, onDone))
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
