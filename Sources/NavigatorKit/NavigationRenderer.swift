/// Shows the navigation to a person. The navigator calls it once after every accepted
/// navigation (or batch of them) and on `refresh()`; NavigatorKit itself does no I/O.
public protocol NavigationRenderer<View>: AnyObject {
  associatedtype View
  func render(_ state: NavigationState<View>)
}
