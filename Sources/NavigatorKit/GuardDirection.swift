/// Which way a guarded screen moves.
public enum GuardDirection: Sendable {
  /// The screen is about to be shown: pushed, presented or added as a child.
  case enter
  /// The screen is about to go: popped, dismissed, replaced or removed with its parent.
  case leave
}
