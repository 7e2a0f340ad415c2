/// Where a route leads: the screen, how it is shown, and what it needs below it.
public struct Destination<Route: Hashable, View> {
  /// The route this destination is for; the router remembers it on the entry it builds.
  public let route: Route
  /// The screen to build when the route is not already in the navigation.
  public let screen: Screen<View>
  /// How the screen is shown when it is built.
  public let transition: Transition
  /// What to do when the route's screen is already in the navigation.
  public let policy: RoutePolicy
  /// A route to reach first when the screen cannot be shown from where the person is:
  /// a popover whose anchor is not on top, or a screen that belongs above the landing.
  public let host: Route?
  /// Screens, by name, the screen may be shown over without going to the host first.
  public let shownOver: Set<String>

  /// Where `route` leads; by default a screen already in the stack is brought back.
  public init(
    _ route: Route, screen: Screen<View>, transition: Transition, policy: RoutePolicy = .bringToFront,
    host: Route? = nil, shownOver: Set<String> = []
  ) {
    self.route = route
    self.screen = screen
    self.transition = transition
    self.policy = policy
    self.host = host
    self.shownOver = shownOver
  }
}
