import Synchronization

/// The navigation model as a plain value: the root, what was pushed on it, what is
/// presented above, and each entry's children.
///
/// Its rules live in one place, ``entriesKept(by:)``, which ``apply(_:configure:)`` asks
/// before every step: the navigator takes every step through it, and a router plans by
/// applying steps to a copy. Build your own states the same way to test a renderer without
/// a navigator.
public struct NavigationState<View> {
  /// A screen that was built and placed in the navigation.
  public struct Entry {
    /// The whole entry in one box that never changes (children change by making a new
    /// one): a state is copied to plan and to check guards, and a copy then costs one
    /// reference an entry.
    fileprivate final class Fixed {
      let id: Int
      let name: String
      let anchors: Set<String>
      let view: View
      let presentation: Presentation
      let children: [Child]

      init(id: Int, name: String, anchors: Set<String>, view: View, presentation: Presentation, children: [Child]) {
        self.id = id
        self.name = name
        self.anchors = anchors
        self.view = view
        self.presentation = presentation
        self.children = children
      }
    }

    private let fixed: Fixed

    init(id: Int, name: String, anchors: Set<String>, view: View, presentation: Presentation, children: [Child]) {
      fixed = Fixed(id: id, name: name, anchors: anchors, view: view, presentation: presentation, children: children)
    }

    /// Unique in the process, so guards and routers can tell which entries left or stayed,
    /// across every navigator.
    public var id: Int { fixed.id }
    /// The name of the screen it was built from.
    public var name: String { fixed.name }
    /// The anchors a popover shown over this entry may attach to.
    public var anchors: Set<String> { fixed.anchors }
    /// The view the screen built.
    public var view: View { fixed.view }
    /// How the entry came to be in the navigation.
    public var presentation: Presentation { fixed.presentation }
    /// Children of this entry, oldest first.
    public internal(set) var children: [Child] {
      get { fixed.children }
      set {
        self = Entry(id: id, name: name, anchors: anchors, view: view, presentation: presentation, children: newValue)
      }
    }
  }

  /// A screen shown inside another, such as an overlay.
  public struct Child {
    /// Unique in the process, like an entry's.
    public let id: Int
    /// The name of the screen it was built from.
    public let name: String
    /// The view the screen built.
    public let view: View
  }

  /// From the root up: pushed entries first, then presented ones.
  public private(set) var entries: [Entry] = []

  /// Names of the entries from the root up; children are not in it. Kept as entries come
  /// and go, so events can carry it without walking the stack.
  public private(set) var stack: [String] = []

  /// An empty navigation: only ``Navigation/root(_:)`` applies to it.
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

  /// The index in ``entries`` of the entry with `id`, if it is still there. A lookup, not a
  /// walk: ids grow from the root up.
  public func index(ofEntry id: Int) -> Int? {
    var low = 0
    var high = entries.count
    while low < high {
      let middle = (low + high) / 2
      let found = entries[middle].id
      if found == id { return middle }
      if found < id { low = middle + 1 } else { high = middle }
    }
    return nil
  }

  /// Whether a modal or popover is showing.
  public var isPresenting: Bool { top?.presentation.isPresented ?? false }

  /// The state after `navigation`, or why it is refused. Views of arriving screens are built.
  public func applying(_ navigation: Navigation<View>) throws(NavigationError) -> NavigationState {
    var next = self
    try next.apply(navigation)
    return next
  }

  /// Takes one step on this value, or throws and leaves it as it was. `configure` runs on
  /// the view of an arriving screen as soon as it is built.
  ///
  /// A modal or popover closes the popovers on top before it arrives: a popover belongs to
  /// the screen it points at, and nothing is shown over it.
  ///
  /// - Returns: what kind of event the step makes, and the screen that arrived or left.
  @discardableResult
  public mutating func apply(
    _ navigation: Navigation<View>, configure: ((View) -> Void)? = nil
  ) throws(NavigationError) -> (kind: NavigationEvent.Kind, screen: String) {
    try apply(navigation, configure: configure) { _, _ in }
  }

  /// How many entries, from the root up, stay below what `navigation` does here — it
  /// removes those above them, or shows its screen over them — or why the rules refuse it.
  /// Nothing changes and nothing is built: ``apply(_:configure:)`` asks this first, and a
  /// router checks a plan's last step with it instead of taking it on a copy.
  ///
  /// A modal or popover keeps the entries up to the last that is not a popover.
  public func entriesKept(by navigation: Navigation<View>) throws(NavigationError) -> Int {
    switch navigation {
    case .root:
      return 0

    case .push:
      guard top != nil else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      return entries.count

    case .pop, .popToRoot:
      guard !entries.isEmpty else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      guard entries.count > 1 else { throw .popAtRoot }
      return navigation.isPopToRoot ? 1 : entries.count - 1

    case .present:
      // The root is never a popover: no presenter, no root.
      guard let presenter else { throw .noRoot }
      return presenter + 1

    case .dismiss:
      guard let top, top.presentation.isPresented else { throw .nothingPresented }
      return entries.count - 1

    case .popover(_, let anchor):
      guard let presenter else { throw .noPresenter }
      let name = entries[presenter].name
      guard entries[presenter].anchors.contains(anchor) else { throw .unknownAnchor(anchor, screen: name) }
      return presenter + 1

    case .addChild:
      guard !entries.isEmpty else { throw .noRoot }
      return entries.count

    case .removeChild:
      guard let top else { throw .noRoot }
      guard !top.children.isEmpty else { throw .noChild }
      return entries.count
    }
  }

  /// The index of the last entry that is not a popover: the one a popover points at.
  private var presenter: Int? { entries.lastIndex { !$0.presentation.isPopover } }

  /// ``apply(_:configure:)``, telling `closing` the name of each popover the step closes
  /// and the stack after it, so the navigator reports it as a dismiss.
  mutating func apply(
    _ navigation: Navigation<View>, configure: ((View) -> Void)?,
    closing: (_ screen: String, _ stack: [String]) -> Void
  ) throws(NavigationError) -> (kind: NavigationEvent.Kind, screen: String) {
    func entry(_ screen: Screen<View>, _ presentation: Presentation) -> Entry {
      let view = screen.build()
      configure?(view)
      return Entry(
        id: Self.newID(), name: screen.name, anchors: screen.anchors, view: view, presentation: presentation,
        children: [])
    }

    let kept = try entriesKept(by: navigation)
    switch navigation {
    case .root(let screen):
      removeEntries(from: kept)
      append(entry(screen, .root))
      return (.root, screen.name)

    case .push(let screen):
      append(entry(screen, .push))
      return (.push, screen.name)

    case .pop, .popToRoot:
      let name = entries[entries.count - 1].name
      removeEntries(from: kept)
      return (.pop, name)

    case .present(let screen):
      close(above: kept, closing)
      append(entry(screen, .modal))
      return (.present, screen.name)

    case .dismiss:
      let name = entries[entries.count - 1].name
      removeEntries(from: kept)
      return (.dismiss, name)

    case .popover(let screen, let anchor):
      close(above: kept, closing)
      append(entry(screen, .popover(anchor: anchor)))
      return (.popover, screen.name)

    case .addChild(let screen):
      let view = screen.build()
      configure?(view)
      entries[entries.count - 1].children.append(Child(id: Self.newID(), name: screen.name, view: view))
      return (.child, screen.name)

    case .removeChild:
      let child = entries[entries.count - 1].children.removeLast()
      return (.removeChild, child.name)
    }
  }

  /// Removes the entries above the first `kept`, top first, telling `closing` of each.
  private mutating func close(above kept: Int, _ closing: (String, [String]) -> Void) {
    while entries.count > kept {
      let name = entries[entries.count - 1].name
      removeEntries(from: entries.count - 1)
      closing(name, stack)
    }
  }

  private mutating func append(_ entry: Entry) {
    entries.append(entry)
    stack.append(entry.name)
  }

  private mutating func removeEntries(from index: Int) {
    entries.removeSubrange(index...)
    stack.removeSubrange(index...)
  }

  private static func newID() -> Int { entryIDs.add(1, ordering: .relaxed).newValue }

  /// The names of the screens that leave and arrive between this state and `new`, which
  /// must have come from it by applying steps.
  ///
  /// Entries only come and go at the top, so both share a prefix of the same entries; of
  /// those, only the last can have gained or lost children (only the top takes children).
  func changes(to new: NavigationState) -> (leaving: Set<String>, entering: Set<String>) {
    var shared = 0
    while shared < entries.count, shared < new.entries.count, entries[shared].id == new.entries[shared].id {
      shared += 1
    }
    var leaving = Self.names(entries[shared...])
    var entering = Self.names(new.entries[shared...])
    if shared > 0 {
      let before = entries[shared - 1].children
      let after = new.entries[shared - 1].children
      // Closures, not key paths: a key path in generic code is made anew at each call.
      let beforeIDs = Set(before.map { $0.id })
      let afterIDs = Set(after.map { $0.id })
      for child in before where !afterIDs.contains(child.id) { leaving.insert(child.name) }
      for child in after where !beforeIDs.contains(child.id) { entering.insert(child.name) }
    }
    return (leaving, entering)
  }

  /// The names of `entries` and their children.
  private static func names(_ entries: ArraySlice<Entry>) -> Set<String> {
    var names = Set<String>()
    for entry in entries {
      names.insert(entry.name)
      for child in entry.children { names.insert(child.name) }
    }
    return names
  }
}

extension NavigationState: Sendable where View: Sendable {}
extension NavigationState.Entry: Sendable where View: Sendable {}
// Only constants, each Sendable when the view is.
extension NavigationState.Entry.Fixed: @unchecked Sendable where View: Sendable {}
extension NavigationState.Child: Sendable where View: Sendable {}

/// Entry and child ids, shared by every navigator so that no two entries ever share one.
private let entryIDs = Atomic<Int>(0)

extension Navigation {
  fileprivate var isPopToRoot: Bool {
    if case .popToRoot = self { return true }
    return false
  }
}
