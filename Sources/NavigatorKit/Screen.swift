/// A recipe for a screen: a name for traces and links, the anchors a popover may attach to,
/// and a closure that builds the view only when the navigator needs it.
///
/// Apps add typed static factories in extensions (`.game(round)`), so the navigator
/// never grows a case per screen and no screen takes untyped parameters.
public struct Screen<View> {
  /// The name events, guards and ``Navigator/stack`` know the screen by.
  public let name: String
  /// The anchors a popover shown over this screen may attach to.
  public let anchors: Set<String>
  /// Builds the view; called once, when the screen arrives.
  public let build: () -> View

  /// A screen named `name` whose view `build` makes when it arrives.
  public init(name: String, anchors: Set<String> = [], build: @escaping () -> View) {
    self.name = name
    self.anchors = anchors
    self.build = build
  }
}
