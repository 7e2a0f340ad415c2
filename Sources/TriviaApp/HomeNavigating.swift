import TriviaData

/// Where a session starts and where it lands when there is nothing to play.
@MainActor
public protocol HomeNavigating: AnyObject {
  /// The screen the player is looking at, or nil before the first.
  var current: AppScreen? { get }
  /// The first screen; `canResume` offers a saved round.
  func showLanding(options: GameOptions, source: String, canResume: Bool)
  func showNoData(reason: String, details: [String])
  /// Shows the name of a newly chosen source where it appears.
  func updateSource(_ name: String)
  /// Back to the landing screen from anywhere, closing what is open. False when a guard
  /// kept the player where they were. From a link, being there already is recorded as an
  /// ignored navigation.
  @discardableResult func returnToLanding(fromLink: Bool) -> Bool
  /// Whether the landing offers to resume a saved round.
  func offerResume(_ canResume: Bool)
  /// A line of information for the player.
  func say(_ message: String)
}

extension HomeNavigating {
  @discardableResult public func returnToLanding() -> Bool {
    returnToLanding(fromLink: false)
  }
}
