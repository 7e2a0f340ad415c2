import NavigatorKit

/// A place the player can be taken to: the screen shown there, what tells two places of that
/// screen apart, and how the router reaches it. Each screen declares its places in its own
/// file, beside its factory, so the router reaches every screen the same way: its plans (the
/// trace's `plan`), and its skipping of a place on top or bringing back of one open, apply to
/// all of them.
struct Place: Hashable {
  let screen: ScreenName
  /// What tells two places of one screen apart (the round a game plays, a night's question);
  /// nil for a screen with one place.
  let detail: AnyHashable?
  let transition: Transition
  let policy: RoutePolicy
  /// Screens it may be shown over without going to its host first.
  let shownOver: Set<ScreenName>
  /// The host, in an array only because a struct cannot hold one of its own kind.
  private let hosts: [Place]

  init(
    _ screen: ScreenName, detail: AnyHashable? = nil, transition: Transition, policy: RoutePolicy = .bringToFront,
    host: Place? = nil, shownOver: Set<ScreenName> = []
  ) {
    self.screen = screen
    self.detail = detail
    self.transition = transition
    self.policy = policy
    self.shownOver = shownOver
    hosts = host.map { [$0] } ?? []
  }

  /// Reached first when the screen cannot be shown from where the player is.
  var host: Place? { hosts.first }
}
