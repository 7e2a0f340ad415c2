import NavigatorKit
import Testing

extension Navigator {
  /// The screen right under the active one: the entry a child is shown in, or the entry
  /// below the top one, through sub-navigators. Nil for a root without children.
  public var screenBelowActive: String? {
    let state = activeState
    if let top = state.top, !top.children.isEmpty { return top.name }
    return stack.dropLast().last
  }

  /// Records an issue unless `screen` is active, shown right over `below` (see
  /// ``screenBelowActive``); with `below` nil, over nothing.
  public func expectShowing(
    _ screen: String, over below: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if activeState.activeName != screen || screenBelowActive != below {
      Issue.record(
        "expected \(screen) over \(below ?? "nothing"), the navigation is:\n\(tree.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
    }
  }

  /// "Doing `action` on `screen` shows `shown` over `below`", in one line: records an issue
  /// unless `screen` is active before the action and `shown` over `below` after it.
  public func expect(
    on screen: String, doing action: () throws -> Void, shows shown: String, over below: String?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) rethrows {
    if activeState.activeName != screen {
      Issue.record(
        "expected to start on \(screen), the navigation is:\n\(tree.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
    }
    try action()
    expectShowing(shown, over: below, sourceLocation: sourceLocation)
  }

  /// Records an issue unless ``tree`` reads `lines`.
  public func expectTree(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if tree != lines {
      Issue.record(
        "expected the tree\n\(lines.joined(separator: "\n"))\ngot\n\(tree.joined(separator: "\n"))",
        sourceLocation: sourceLocation)
    }
  }

  /// Records an issue unless ``stack`` is `names`, from the root up.
  public func expectStack(_ names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if stack != names {
      Issue.record("expected the stack \(names), got \(stack)", sourceLocation: sourceLocation)
    }
  }
}
