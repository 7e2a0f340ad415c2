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
  }

  /// Counts events from 1 over the navigator's life.
  public let sequence: Int
  public let kind: Kind
  /// The screen that arrived or left.
  public let screen: String
  /// The stack after the event, from the root up.
  public let stack: [String]

  public init(sequence: Int, kind: Kind, screen: String, stack: [String]) {
    self.sequence = sequence
    self.kind = kind
    self.screen = screen
    self.stack = stack
  }
}
