/// The navigation model as a plain value: the root, what was pushed on it, what is
/// presented above, and each entry's children.
public struct NavigationState<View> {
  /// A screen that was built and placed in the navigation.
  public struct Entry {
    /// Unique within one navigator's life, so guards can tell which entries left.
    public let id: Int
    public let name: String
    public let context: AnyHashable?
    public let anchors: Set<String>
    public let view: View
    public let presentation: Presentation
    /// Children of this entry, oldest first.
    public internal(set) var children: [Child]
  }

  /// A screen shown inside another, such as an overlay.
  public struct Child {
    public let id: Int
    public let name: String
    public let view: View
  }

  /// From the root up: pushed entries first, then presented ones.
  public internal(set) var entries: [Entry] = []
  var nextID = 1

  public init() {}

  /// The topmost entry, which owns the screen the user is looking at.
  public var top: Entry? { entries.last }

  /// The view that takes input: the top entry's newest child, or the top entry itself.
  public var active: View? {
    guard let top else { return nil }
    return top.children.last?.view ?? top.view
  }

  /// The name of the active view.
  public var activeName: String? {
    guard let top else { return nil }
    return top.children.last?.name ?? top.name
  }

  /// Names of the entries from the root up; children are not in it. Kept as entries come
  /// and go, so events can carry it without walking a deep stack.
  public internal(set) var stack: [String] = []

  /// Whether a modal or popover is showing.
  public var isPresenting: Bool { top?.presentation.isPresented ?? false }

  /// Where each context is in `entries`, lowest first: finding one is a lookup, not a
  /// walk down a deep stack.
  private var positions: [AnyHashable: [Int]] = [:]

  /// The index of the topmost entry showing `context`.
  public func index(of context: AnyHashable) -> Int? {
    positions[context]?.last
  }

  /// The index of the topmost entry below `limit` showing `context`.
  func index(of context: AnyHashable, below limit: Int) -> Int? {
    positions[context]?.last { $0 < limit }
  }

  /// Puts `entry` on top.
  mutating func append(_ entry: Entry) {
    if let context = entry.context { positions[context, default: []].append(entries.count) }
    entries.append(entry)
    stack.append(entry.name)
  }

  /// Removes the entries from `index` up.
  mutating func removeEntries(from index: Int) {
    for entry in entries[index...] {
      guard let context = entry.context else { continue }
      positions[context]?.removeLast()
      if positions[context]?.isEmpty == true { positions[context] = nil }
    }
    entries.removeSubrange(index...)
    stack.removeSubrange(index...)
  }

  /// The number of pushed entries above the root.
  public var pushedCount: Int { entries.filter { $0.presentation == .push }.count }
}
