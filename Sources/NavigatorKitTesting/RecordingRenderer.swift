import NavigatorKit

/// A renderer for tests: remembers, as names, every state it was asked to show.
public final class RecordingRenderer<View>: NavigationRenderer {
  /// The stack of each render, oldest first (a sub-navigator's renders show its own stack).
  public private(set) var stacks: [[String]] = []
  /// The active screen of each render.
  public private(set) var activeNames: [String?] = []

  public init() {}

  /// How many times the navigator rendered.
  public var count: Int { stacks.count }

  public func render(_ state: NavigationState<View>) {
    stacks.append(state.stack)
    activeNames.append(state.activeName)
  }
}
