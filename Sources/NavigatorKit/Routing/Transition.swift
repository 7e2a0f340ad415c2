/// How a route's screen is shown when it has to be built.
public enum Transition: Hashable, Sendable {
  /// Pushed on the stack, after dismissing anything presented.
  case push
  /// Presented as a modal.
  case present
  /// As a popover on `anchor` of the screen below it.
  case popover(anchor: String)
  /// As the root of a new sub-navigator above the current screens.
  case flow
  /// As a child of the screen below it, such as an overlay. A child is not an entry: the
  /// router does not remember it, so it is never skipped or brought back.
  case child
}
