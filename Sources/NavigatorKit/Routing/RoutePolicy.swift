/// What the router does when a route's screen is already in the navigation.
public enum RoutePolicy: Hashable, Sendable {
  /// Skip the route when its screen is on top; otherwise build a new screen.
  case singleTop
  /// Skip it when on top; go back to it when it is anywhere in the stack; else build it.
  case bringToFront
  /// Always build a new screen, as for a log of entries that may repeat.
  case allowDuplicates
}
