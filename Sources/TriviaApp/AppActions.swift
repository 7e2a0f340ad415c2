import TriviaData

/// What the player asked for, in the app's terms. The AppNavigator reports screen events
/// here; the AppCoordinator decides what they lead to.
@MainActor
public protocol AppActions: AnyObject {
  func play()
  func openOptions()
  func openDifficulty()
  func answer(_ index: Int)
  func continueRound()
  func finishRound()
  func setQuestionCount(_ count: Int)
  func closeOptions()
  func retry()
  func back()
  func quit()
}
