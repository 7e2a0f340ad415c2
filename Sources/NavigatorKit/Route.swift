/// How a route's screen is shown when it has to be built.
public enum Transition: Equatable, Sendable {
  case push
  case present
  case popover(anchor: String)
  /// As the root of a new sub-navigator above the current screens.
  case flow
}

/// What the router does when a route's context is already in the navigation.
public enum RoutePolicy: Equatable, Sendable {
  /// Skip the link when its context is on top; otherwise build a new screen.
  case singleTop
  /// Skip it when on top; go back to it when it is anywhere in the stack; else build it.
  case bringToFront
  /// Always build a new screen.
  case allowDuplicates
}

/// Where a route leads: the screen, how it is shown, and what it needs below it.
public struct Destination<Route: Hashable, View> {
  public let screen: Screen<View>
  public let transition: Transition
  public let policy: RoutePolicy
  /// A route to reach first when the screen cannot be shown from where the person is:
  /// a popover whose anchor is not on top, or a screen that belongs above the landing.
  public let host: Route?
  /// Screens, by name, the screen may be shown over without going to the host first.
  public let shownOver: Set<String>

  /// The screen's context is set to the route, so the router can recognise it later.
  public init(
    _ route: Route, screen: Screen<View>, transition: Transition, policy: RoutePolicy = .bringToFront,
    host: Route? = nil, shownOver: Set<String> = []
  ) {
    self.screen = screen.context(route)
    self.transition = transition
    self.policy = policy
    self.host = host
    self.shownOver = shownOver
  }
}

/// The steps a route resolves to, computed without running them.
public struct RoutePlan: Equatable, Sendable, CustomStringConvertible {
  public enum Step: Equatable, Sendable, CustomStringConvertible {
    /// The context is already on top: nothing to do.
    case ignored(String)
    case endFlow(String)
    case dismiss(String)
    case pop(String)
    case push(String)
    case present(String)
    case popover(String, anchor: String)
    case flow(String)

    public var description: String {
      switch self {
      case .ignored(let name): "ignored \(name)"
      case .endFlow(let name): "end-flow \(name)"
      case .dismiss(let name): "dismiss \(name)"
      case .pop(let name): "pop \(name)"
      case .push(let name): "push \(name)"
      case .present(let name): "present \(name)"
      case .popover(let name, let anchor): "popover \(name)@\(anchor)"
      case .flow(let name): "flow \(name)"
      }
    }
  }

  public var steps: [Step]

  public init(_ steps: [Step]) {
    self.steps = steps
  }

  public var isIgnored: Bool {
    if case .ignored = steps.first { return true }
    return false
  }

  public var description: String { steps.map(\.description).joined(separator: ", ") }
}
