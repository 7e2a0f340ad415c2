/// One step the navigator can take.
public enum Navigation<View> {
  /// Replace everything with a new root screen.
  case root(Screen<View>)
  /// Push onto the stack; only when nothing is presented.
  case push(Screen<View>)
  /// Pop the top pushed screen; never the root.
  case pop
  /// Pop back to the root.
  case popToRoot
  /// Present a modal above the top screen, closing a popover on top first.
  case present(Screen<View>)
  /// Dismiss the topmost presented screen (modal or popover).
  case dismiss
  /// Show a popover attached to `anchor`, an anchor of the screen below it, closing a
  /// popover on top first.
  case popover(Screen<View>, anchor: String)
  /// Add a child to the top screen; the newest child is the one that takes input.
  case addChild(Screen<View>)
  /// Remove the newest child of the top screen.
  case removeChild
}
