/// The screens of a round being played.
@MainActor
public protocol RoundNavigating: AnyObject {
  /// Gets ready to show a round for `request`: false when that round is already on screen
  /// (the link is ignored) or the player chose to stay where they were.
  /// Whether a game screen is open, so a round in play is still on screen.
  var isShowingRound: Bool { get }
  func prepareToPlay(_ request: TriviaRoute.PlayRequest) -> Bool
  func showGame(_ round: Round, request: TriviaRoute.PlayRequest)
  /// The next question in the same game screen, after the feedback.
  func showNextQuestion(_ round: Round)
  func showFeedback(_ round: Round, isCorrect: Bool)
  func showComplete(_ result: RoundResult)
}
