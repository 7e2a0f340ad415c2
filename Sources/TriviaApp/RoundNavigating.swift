/// The screens of a round being played.
@MainActor
public protocol RoundNavigating: AnyObject {
  func showGame(_ round: Round)
  /// The next question in the same game screen, after the feedback.
  func showNextQuestion(_ round: Round)
  func showFeedback(_ round: Round, isCorrect: Bool)
  func showComplete(_ result: RoundResult)
}
