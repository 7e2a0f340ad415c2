/// What a navigation did, as observers see it.
public struct NavigationEvent: Equatable, Sendable {
  /// What happened, named as a trace writes it.
  public enum Kind: String, Sendable, CaseIterable {
    case root
    case push
    /// A pop, or a pop to the root (the event names the screen that was on top).
    case pop
    /// A modal, or the root of a sub-navigator.
    case present
    /// A modal or popover dismissed, or a sub-navigator removed (the event names its root).
    case dismiss
    case popover
    case child
    case removeChild = "remove-child"
    /// An empty batch: a request that found nothing to change, such as a route already on top.
    case ignored
  }

  /// Counts events from 1 over the navigator's life.
  public let sequence: Int
  public let kind: Kind
  /// The screen that arrived or left; for ``Kind/ignored``, the screen on top.
  public let screen: String
  /// The stack after the event, from the root up, through any sub-navigators.
  public let stack: [String]
  /// Why the navigation was taken, as given to ``Navigator/batch(cause:_:)``: a router
  /// passes its ``RoutePlan``. Nil when no cause was given.
  public let cause: (any Hashable & Sendable)?

  public init(
    sequence: Int, kind: Kind, screen: String, stack: [String], cause: (any Hashable & Sendable)? = nil
  ) {
    self.sequence = sequence
    self.kind = kind
    self.screen = screen
    self.stack = stack
    self.cause = cause
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sequence == rhs.sequence && lhs.kind == rhs.kind && lhs.screen == rhs.screen && lhs.stack == rhs.stack
      && lhs.cause.map { AnyHashable($0) } == rhs.cause.map { AnyHashable($0) }
  }
}
