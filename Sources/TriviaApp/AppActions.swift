import TriviaData

/// What the player asked for, in the app's terms. The AppNavigator reports screen events
/// here; the AppCoordinator decides what they lead to.
@MainActor
public protocol AppActions: AnyObject {
  /// Whether leaving the game now would throw a round away.
  var hasRoundInProgress: Bool { get }
  func play()
  func resume()
  func openOptions()
  func openDifficulty()
  func answer(_ index: Int)
  func continueRound()
  func finishRound()
  func setQuestionCount(_ count: Int)
  func closeOptions()
  func retry()
  /// Describes the source (no argument), switches to another, or lists what was skipped.
  func source(_ argument: String)
  /// Lists the categories (no argument), or chooses one (`all` for every one).
  func category(_ argument: String)
  func open(_ link: String)
  func back()
  func quit()
}
