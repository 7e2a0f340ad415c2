/// What a guard says about a screen arriving or leaving.
public enum GuardDecision: Equatable, Sendable {
  /// Go ahead.
  case allow
  /// Refuse, with a reason for the person.
  case deny(String)
  /// Go ahead only if the person confirms: `Abandon this round?`.
  case confirm(String)
}
