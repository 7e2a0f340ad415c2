/// How the coordinator shows where a session starts, and where it lands when there is
/// nothing to play.
@MainActor
public protocol HomeNavigating: AnyObject {
  /// The first screen, which reads `setup` each time it is drawn.
  func showLanding(_ setup: @escaping () -> Setup, events: LandingEvents)
  /// Over the landing, closing what else is open; it reads `problem` each time it is drawn.
  func showNoData(_ problem: @escaping () -> NoQuestions, events: NoDataEvents)
  /// Leaves the no-data screen if the player is on it: there are questions again.
  func closeNoData()
  /// False when the player chose to stay where they were.
  @discardableResult func returnToLanding(fromLink: Bool) -> Bool
  /// Shows what the screens read again, after it changed without a navigation.
  func redraw()
}

/// What the landing reports.
public struct LandingEvents {
  public var play: () -> Void
  public var playMissed: () -> Void
  public var resume: () -> Void
}

/// What the no-data screen reports.
public struct NoDataEvents {
  public var play: () -> Void
  public var retry: () -> Void
  public var back: () -> Void
}
