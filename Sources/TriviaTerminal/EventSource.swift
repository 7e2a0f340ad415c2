import Glibc

/// Something the terminal's event loop waits on besides the keyboard: the socket links
/// arrive on, a night's connection. It has no thread of its own and no call of it waits.
@MainActor
public protocol EventSource: AnyObject {
  /// Descriptors to watch, and for what, asked before each wait.
  var descriptors: [pollfd] { get }
  /// When it wants `service` called even if nothing arrives (a deadline of its own).
  var serviceAt: ContinuousClock.Instant? { get }
  /// Called after every wake with its descriptors as polled; true when the game has
  /// something to do, which ends the line being edited.
  func service(_ polled: [pollfd]) -> Bool
}
