/// Shows the navigation to a person. The navigator calls it once after every accepted
/// navigation (or batch of them) and on `refresh()`; NavigatorKit itself does no I/O.
public protocol NavigationRenderer<View>: AnyObject {
  /// The navigator's view type.
  associatedtype View
  /// Shows `state`: that of the innermost sub-navigator, whose screens take input.
  func render(_ state: NavigationState<View>)
}
