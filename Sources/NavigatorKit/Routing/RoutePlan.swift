/// The steps a route resolves to, computed without taking them. The router gives it as the
/// ``NavigationEvent/cause`` of the events its navigation makes.
public struct RoutePlan: Hashable, Sendable, CustomStringConvertible {
  /// One step, written as a trace shows it: `pop game`, `popover menu@line`.
  public enum Step: Hashable, Sendable, CustomStringConvertible {
    /// The route's screen is already on top: nothing to do.
    case ignored(String)
    /// Remove the innermost sub-navigator, whose root is named.
    case endFlow(String)
    /// Dismiss the named modal or popover.
    case dismiss(String)
    /// Pop the named screen.
    case pop(String)
    /// Push the named screen.
    case push(String)
    /// Present the named screen as a modal.
    case present(String)
    /// Show the named screen as a popover on `anchor`.
    case popover(String, anchor: String)
    /// Start a sub-navigator with the named screen as its root.
    case flow(String)
    /// Add the named screen as a child of the screen on top.
    case child(String)

    /// The step as a trace writes it.
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
      case .child(let name): "child \(name)"
      }
    }
  }

  /// The steps, in the order they are taken.
  public var steps: [Step]

  /// A plan of `steps`, as tests compare them.
  public init(_ steps: [Step]) {
    self.steps = steps
  }

  /// Whether the route's screen is already on top, so navigating changes nothing.
  public var isIgnored: Bool {
    if case .ignored = steps.first { return true }
    return false
  }

  /// The steps, comma-separated: `pop detail, flow settings`.
  public var description: String { steps.map(\.description).joined(separator: ", ") }
}
