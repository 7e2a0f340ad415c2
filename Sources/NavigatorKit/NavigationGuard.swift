/// What a guard says about a screen arriving or leaving.
public enum GuardDecision: Equatable, Sendable {
  /// Go ahead.
  case allow
  /// Refuse, with a reason for the person.
  case deny(String)
  /// Go ahead only if the person confirms: `Abandon this round?`.
  case confirm(String)
}

/// Which way a guarded screen moves.
public enum GuardDirection: Sendable {
  /// The screen is about to be shown: pushed, presented or added as a child.
  case enter
  /// The screen is about to go: popped, dismissed, replaced or removed with its parent.
  case leave
}

/// A check the navigator runs before every navigation that moves a screen of that name,
/// whatever the navigation: push, pop, dismiss, root or a deep link's plan.
struct NavigationGuard {
  let id: Int
  let screen: String
  let direction: GuardDirection
  let decide: () -> GuardDecision
}
