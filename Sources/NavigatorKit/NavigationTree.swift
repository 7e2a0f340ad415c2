extension NavigationState {
  /// The navigation as indented text: each entry with how it was shown, its children below.
  public var tree: [String] { tree(depth: 0, rootLabel: "root") }

  func tree(depth: Int, rootLabel: String) -> [String] {
    var lines: [String] = []
    for (offset, entry) in entries.enumerated() {
      let indent = String(repeating: "  ", count: depth + offset)
      let label = entry.presentation == .root ? rootLabel : entry.presentation.label
      lines.append("\(indent)\(entry.name) (\(label))")
      for child in entry.children {
        lines.append("\(indent)  \(child.name) (child)")
      }
    }
    return lines
  }
}

extension Presentation {
  var label: String {
    switch self {
    case .root: "root"
    case .push: "pushed"
    case .modal: "modal"
    case .popover(let anchor): "popover on \(anchor)"
    }
  }
}
