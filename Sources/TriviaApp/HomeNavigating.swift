import TriviaData

/// Where a session starts and where it lands when there is nothing to play.
@MainActor
public protocol HomeNavigating: AnyObject {
  /// The screen the player is looking at, or nil before the first.
  var current: AppScreen? { get }
  func showLanding(options: GameOptions, source: String)
  func showNoData(reason: String, details: [String])
  /// Back to the landing screen from anywhere, closing what is open.
  func returnToLanding()
  /// A line of information for the player.
  func say(_ message: String)
}
