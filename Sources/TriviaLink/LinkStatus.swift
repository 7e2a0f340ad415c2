/// What the game did with a link: the first word of each reply line. The game writes it and
/// `trivia --open` turns the final one into its exit status, so both read this one list.
public enum LinkStatus: String, CaseIterable, Sendable {
  /// The link was followed: its screen is showing.
  case opened
  /// The player was already there.
  case ignored
  /// The screen was open further down the stack and came back to the top.
  case broughtBack = "brought-back"
  /// A guard asks the player (abandon this round?); the final line follows their answer.
  case asking
  /// Not followed; the detail says why (a bad link, a hostile message, another user).
  case refused
  /// The player answered no to the guard.
  case declined
  /// A newer link arrived while this one waited: only the newest is followed.
  case superseded

  /// Whether this line ends the reply; only `asking` leaves the sender waiting.
  public var isFinal: Bool { self != .asking }

  /// The sender's exit status: 0 when the link was followed, 1 when it was not.
  public var exitStatus: Int32 {
    switch self {
    case .opened, .ignored, .broughtBack: 0
    case .asking, .refused, .declined, .superseded: 1
    }
  }
}
