/// What a navigation did, as observers see it.
public struct NavigationEvent: Equatable, Sendable {
  /// What happened, named as a trace writes it.
  public enum Kind: String, Sendable, CaseIterable {
    /// A new root replaced everything.
    case root
    /// A screen was pushed.
    case push
    /// A pop, or a pop to the root (the event names the screen that was on top).
    case pop
    /// A modal, or the root of a sub-navigator.
    case present
    /// A modal or popover dismissed, or a sub-navigator removed (the event names its root).
    case dismiss
    /// A popover was shown.
    case popover
    /// A child was added to the top screen.
    case child
    /// The newest child of the top screen was removed.
    case removeChild = "remove-child"
    /// An empty batch: a request that found nothing to change, such as a route already on top.
    case ignored
  }

  /// Counts events from 1 over the navigator's life.
  public let sequence: Int
  /// What happened.
  public let kind: Kind
  /// The screen that arrived or left; for ``Kind/ignored``, the screen on top.
  public let screen: String
  /// The stack after the event, from the root up, through any sub-navigators.
  public let stack: [String]
  /// Why the navigation was taken, as given to ``Navigator/batch(cause:_:)``: a router
  /// passes its ``RoutePlan``. Nil when no cause was given.
  public let cause: (any Hashable & Sendable)?

  /// An event, as the navigator makes them; tests build them to compare.
  public init(
    sequence: Int, kind: Kind, screen: String, stack: [String], cause: (any Hashable & Sendable)? = nil
  ) {
    self.sequence = sequence
    self.kind = kind
    self.screen = screen
    self.stack = stack
    self.cause = cause
  }

  /// Events are equal when every field is, causes compared as `AnyHashable`.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sequence == rhs.sequence && lhs.kind == rhs.kind && lhs.screen == rhs.screen && lhs.stack == rhs.stack
      && lhs.cause.map { AnyHashable($0) } == rhs.cause.map { AnyHashable($0) }
  }
}
