/// Lines of a screen that a popover can attach to, named once for the screens that have
/// them and the navigator that shows popovers on them.
public enum Anchor {
  /// The Difficulty line, where the difficulty menu opens.
  public static let difficulty = "difficulty"
}
