/// A recipe for a screen: a name for traces and links, the anchors a popover may attach to,
/// and a closure that builds the view only when the navigator needs it.
///
/// Apps add typed static factories in extensions (`.game(round)`), so the navigator
/// never grows a case per screen and no screen takes untyped parameters.
public struct Screen<View> {
  public let name: String
  public let anchors: Set<String>
  /// What the screen shows, for deep links: the router skips a link whose context is
  /// already on top, and goes back to one already in the stack.
  public let context: AnyHashable?
  public let build: () -> View

  public init(name: String, anchors: Set<String> = [], context: AnyHashable? = nil, build: @escaping () -> View) {
    self.name = name
    self.anchors = anchors
    self.context = context
    self.build = build
  }

  /// The same screen showing `context`.
  public func context(_ context: AnyHashable) -> Screen {
    Screen(name: name, anchors: anchors, context: context, build: build)
  }
}
