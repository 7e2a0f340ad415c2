/// What a navigation did, as observers see it.
public struct NavigationEvent: Equatable, Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case root
    case push
    case pop
    case present
    case dismiss
    case popover
    case child
    case removeChild = "remove-child"
    /// A route whose context was already on top: nothing changed.
    case ignored
  }

  /// Counts events from 1 over the navigator's life.
  public let sequence: Int
  public let kind: Kind
  /// The screen that arrived or left.
  public let screen: String
  /// The stack after the event, from the root up.
  public let stack: [String]
  /// The steps of the route plan this event belongs to; empty outside a router navigation.
  public let plan: [String]

  public init(sequence: Int, kind: Kind, screen: String, stack: [String], plan: [String] = []) {
    self.sequence = sequence
    self.kind = kind
    self.screen = screen
    self.stack = stack
    self.plan = plan
  }
}
