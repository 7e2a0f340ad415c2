/// A headless navigator: it keeps the stack, the presented modals and popovers, and each
/// screen's children, tells observers what happened and asks a renderer to show the result.
///
/// Every navigation is checked against the model and the guards first; a refused one
/// throws and changes nothing. The navigator is not tied to an actor: use it from one
/// isolation domain.
public final class Navigator<View> {
  public typealias Observer = (NavigationEvent) -> Void

  /// A token for removing an observer or a guard.
  public struct Token: Hashable, Sendable {
    fileprivate let id: Int
  }

  public private(set) var state = NavigationState<View>()
  public weak var renderer: (any NavigationRenderer<View>)?
  /// Asked when a guard wants confirmation; a navigation goes ahead only on `true`.
  /// Without it, such navigations are cancelled.
  public var confirm: ((String) -> Bool)?

  private var observers: [(id: Int, observe: Observer)] = []
  private var guards: [NavigationGuard] = []
  private var nextTokenID = 0
  private var sequence = 0
  /// Flows running above this navigator's screens, newest last.
  public private(set) var subNavigators: [Navigator<View>] = []
  private weak var parent: Navigator<View>?
  /// The plan a router is carrying out, attached to the events it causes.
  var currentPlan: [String] = []

  public init(renderer: (any NavigationRenderer<View>)? = nil) {
    self.renderer = renderer
  }

  // MARK: Observers and guards

  /// Adds an observer that sees every event of every accepted navigation, including those
  /// of sub-navigators.
  @discardableResult
  public func addObserver(didNavigate observe: @escaping Observer) -> Token {
    nextTokenID += 1
    observers.append((nextTokenID, observe))
    return Token(id: nextTokenID)
  }

  /// Adds a guard on screens named `screen` entering or leaving the navigation.
  @discardableResult
  public func addGuard(
    _ direction: GuardDirection, screen: String, decide: @escaping () -> GuardDecision
  ) -> Token {
    nextTokenID += 1
    guards.append(NavigationGuard(id: nextTokenID, screen: screen, direction: direction, decide: decide))
    return Token(id: nextTokenID)
  }

  public func remove(_ token: Token) {
    observers.removeAll { $0.id == token.id }
    guards.removeAll { $0.id == token.id }
  }

  // MARK: Navigating

  /// Takes one step. `configure` runs on a built view before it is shown, `completion`
  /// after the renderer has shown it.
  public func handle(
    _ navigation: Navigation<View>,
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    try perform([navigation], configure: configure, completion: completion)
  }

  /// Takes several steps as one: all are checked before any is kept, guards are asked
  /// once, observers see each step, and the renderer shows only the end result.
  public func perform(
    _ navigations: [Navigation<View>],
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    var changes: [(NavigationEvent.Kind, String, [String])] = []
    if navigations.count == 1, let moves = state.moves(of: navigations[0]) {
      // One step: the guards are asked from a preview, then the state changes in place,
      // without copying a deep stack.
      try checkGuards(leaving: moves.leaving, entering: moves.entering)
      let (kind, name) = try state.apply(navigations[0], configure: configure)
      changes.append((kind, name, state.stack))
    } else {
      var next = state
      for navigation in navigations {
        let (kind, name) = try next.apply(navigation, configure: configure)
        changes.append((kind, name, next.stack))
      }
      try checkGuards(from: state, to: next)
      state = next
    }
    for (kind, name, stack) in changes { emit(kind, name, stack) }
    render()
    if let completion, let active = activeView { completion(active) }
  }

  /// Asks the guards about every screen that would leave or arrive.
  /// Guards and confirmation belong to the outermost navigator and cover its flows too.
  private func checkGuards(from old: NavigationState<View>, to new: NavigationState<View>) throws(NavigationError) {
    guard !rootNavigator.guards.isEmpty else { return }
    let (leaving, entering) = old.moves(to: new)
    try checkGuards(leaving: leaving, entering: entering)
  }

  private func checkGuards(leaving: Set<String>, entering: Set<String>) throws(NavigationError) {
    if let parent {
      try parent.checkGuards(leaving: leaving, entering: entering)
      return
    }
    guard !guards.isEmpty else { return }
    var questions: [String] = []
    for check in guards {
      let moving = check.direction == .leave ? leaving : entering
      guard moving.contains(check.screen) else { continue }
      switch check.decide() {
      case .allow: break
      case .deny(let reason): throw .denied(reason)
      case .confirm(let question): if !questions.contains(question) { questions.append(question) }
      }
    }
    for question in questions where confirm?(question) != true {
      throw .cancelled(question)
    }
  }

  /// Asks the renderer to show the current state again, after a screen changed in place.
  public func refresh() {
    render()
  }

  private func render() {
    if let parent {
      parent.render()
    } else if holdingRender > 0 {
      renderPending = true
    } else {
      renderer?.render(activeState)
    }
  }

  private var holdingRender = 0
  private var renderPending = false

  /// Runs several navigations, across sub-navigators too, and renders once at the end.
  public func renderingOnce<T>(_ body: () throws(NavigationError) -> T) throws(NavigationError) -> T {
    holdingRender += 1
    defer {
      holdingRender -= 1
      if holdingRender == 0, renderPending {
        renderPending = false
        render()
      }
    }
    return try body()
  }

  func emit(_ kind: NavigationEvent.Kind, _ name: String, _ stack: [String]) {
    if let parent {
      // A sub-navigator's flow is presented over its parent's screens.
      parent.emit(kind == .root ? .present : kind, name, parent.state.stack + stack)
      return
    }
    sequence += 1
    let event = NavigationEvent(sequence: sequence, kind: kind, screen: name, stack: stack, plan: currentPlan)
    for observer in observers { observer.observe(event) }
  }

  private var rootNavigator: Navigator<View> { parent?.rootNavigator ?? self }

  // MARK: Sub-navigators

  /// Runs `sub` as a flow above this navigator's screens: input and rendering go to its
  /// screens until it is removed. Its root arrives as a `present` event.
  public func addSubNavigator(_ sub: Navigator<View>, root: Screen<View>, configure: ((View) -> Void)? = nil)
    throws(NavigationError)
  {
    guard !state.entries.isEmpty else { throw .noRoot }
    subNavigators.append(sub)
    sub.parent = self
    do {
      try sub.handle(.root(root), configure: configure)
    } catch {
      subNavigators.removeLast()
      sub.parent = nil
      throw error
    }
  }

  /// Ends a flow: its screens leave (as a `dismiss` of its root) and are released.
  public func removeSubNavigator(_ sub: Navigator<View>) throws(NavigationError) {
    guard let index = subNavigators.firstIndex(where: { $0 === sub }) else { throw .nothingPresented }
    try checkGuards(from: sub.state, to: NavigationState())
    let name = sub.state.entries.first?.name ?? ""
    subNavigators.remove(at: index)
    sub.parent = nil
    sub.state = NavigationState()
    emit(.dismiss, name, state.stack)
    render()
  }

  // MARK: Reading the state

  /// The innermost navigator, whose screens take input.
  public var activeNavigator: Navigator<View> {
    subNavigators.last?.activeNavigator ?? self
  }

  /// The state that is showing: that of the innermost sub-navigator, or this one's.
  public var activeState: NavigationState<View> { activeNavigator.state }

  /// The view that takes input.
  public var activeView: View? { activeState.active }

  /// Names from the root up, through any sub-navigators.
  public var stack: [String] {
    state.stack + (subNavigators.last?.stack ?? [])
  }

  /// The whole navigation as indented text, sub-navigators included.
  public var tree: [String] { tree(depth: 0, rootLabel: "root") }

  private func tree(depth: Int, rootLabel: String) -> [String] {
    state.tree(depth: depth, rootLabel: rootLabel)
      + subNavigators.flatMap { $0.tree(depth: depth + state.entries.count, rootLabel: "sub-navigator") }
  }

  /// The topmost view of a given type, for updating a screen in place.
  public func topmost<T>(_ type: T.Type) -> T? {
    if let found = subNavigators.reversed().lazy.compactMap({ $0.topmost(type) }).first { return found }
    for entry in state.entries.reversed() {
      if let child = entry.children.reversed().lazy.compactMap({ $0.view as? T }).first {
        return child
      }
      if let view = entry.view as? T { return view }
    }
    return nil
  }
}

extension NavigationState {
  /// The names of `entries` and their children.
  private func names(_ entries: ArraySlice<Entry>) -> Set<String> {
    var names = Set<String>()
    for entry in entries {
      names.insert(entry.name)
      for child in entry.children { names.insert(child.name) }
    }
    return names
  }

  /// The names of the screens one step would move, read before taking it; nil when the
  /// step would be refused, so that its own error is what the caller sees.
  func moves(of navigation: Navigation<View>) -> (leaving: Set<String>, entering: Set<String>)? {
    switch navigation {
    case .root(let screen):
      return (names(entries[...]), [screen.name])
    case .push(let screen):
      guard top != nil, !isPresenting else { return nil }
      return ([], [screen.name])
    case .present(let screen):
      guard top != nil else { return nil }
      return ([], [screen.name])
    case .popover(let screen, let anchor):
      guard let presenter = top, !presenter.isPopover, presenter.anchors.contains(anchor) else { return nil }
      return ([], [screen.name])
    case .addChild(let screen):
      guard top != nil else { return nil }
      return ([], [screen.name])
    case .pop:
      guard top != nil, !isPresenting, entries.count > 1 else { return nil }
      return (names(entries.suffix(1)), [])
    case .popToRoot:
      guard top != nil, !isPresenting, entries.count > 1 else { return nil }
      return (names(entries.dropFirst()), [])
    case .dismiss:
      guard let top, top.presentation.isPresented else { return nil }
      return (names(entries.suffix(1)), [])
    case .removeChild:
      guard let child = top?.children.last else { return nil }
      return ([child.name], [])
    }
  }

  /// The names of the screens that leave and arrive between this state and `new`.
  ///
  /// Entries only come and go at the top, so both share a prefix of the same entries; of
  /// those, only the last can have gained or lost children (only the top takes children).
  func moves(to new: NavigationState) -> (leaving: Set<String>, entering: Set<String>) {
    var shared = 0
    while shared < entries.count, shared < new.entries.count, entries[shared].id == new.entries[shared].id {
      shared += 1
    }
    var leaving = names(entries[shared...])
    var entering = new.names(new.entries[shared...])
    if shared > 0 {
      let before = entries[shared - 1].children
      let after = new.entries[shared - 1].children
      let beforeIDs = Set(before.map { $0.id })
      let afterIDs = Set(after.map { $0.id })
      for child in before where !afterIDs.contains(child.id) { leaving.insert(child.name) }
      for child in after where !beforeIDs.contains(child.id) { entering.insert(child.name) }
    }
    return (leaving, entering)
  }

  /// Applies one step to this value, or throws and leaves it as it was.
  mutating func apply(
    _ navigation: Navigation<View>,
    configure: ((View) -> Void)?
  ) throws(NavigationError) -> (NavigationEvent.Kind, String) {
    func make(_ screen: Screen<View>, _ presentation: Presentation) -> Entry {
      let view = screen.build()
      configure?(view)
      nextID += 1
      return Entry(
        id: nextID, name: screen.name, context: screen.context, anchors: screen.anchors, view: view,
        presentation: presentation, children: [])
    }

    switch navigation {
    case .root(let screen):
      removeEntries(from: 0)
      append(make(screen, .root))
      return (.root, screen.name)

    case .push(let screen):
      guard top != nil else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      append(make(screen, .push))
      return (.push, screen.name)

    case .pop:
      guard let top else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      guard entries.count > 1 else { throw .popAtRoot }
      removeEntries(from: entries.count - 1)
      return (.pop, top.name)

    case .popToRoot:
      guard let top else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      guard entries.count > 1 else { throw .popAtRoot }
      removeEntries(from: 1)
      return (.pop, top.name)

    case .present(let screen):
      guard top != nil else { throw .noRoot }
      append(make(screen, .modal))
      return (.present, screen.name)

    case .dismiss:
      guard let top, top.presentation.isPresented else { throw .nothingPresented }
      removeEntries(from: entries.count - 1)
      return (.dismiss, top.name)

    case .popover(let screen, let anchor):
      guard let presenter = top, !presenter.isPopover else { throw .noPresenter }
      guard presenter.anchors.contains(anchor) else {
        throw .unknownAnchor(anchor, screen: presenter.name)
      }
      append(make(screen, .popover(anchor: anchor)))
      return (.popover, screen.name)

    case .addChild(let screen):
      guard !entries.isEmpty else { throw .noRoot }
      let view = screen.build()
      configure?(view)
      nextID += 1
      entries[entries.count - 1].children.append(Child(id: nextID, name: screen.name, view: view))
      return (.child, screen.name)

    case .removeChild:
      guard !entries.isEmpty else { throw .noRoot }
      guard let child = entries[entries.count - 1].children.popLast() else { throw .noChild }
      return (.removeChild, child.name)
    }
  }
}

extension NavigationState.Entry {
  var isPopover: Bool {
    if case .popover = presentation { return true }
    return false
  }
}
