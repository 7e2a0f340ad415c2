/// A headless navigator: it keeps the stack, the presented modals and popovers, and each
/// screen's children, tells observers what happened and asks a renderer to show the result.
///
/// Every navigation is checked against the model's rules (``NavigationState/apply(_:configure:)``)
/// and the guards first; a refused one throws and changes nothing.
///
/// A navigator is not `Sendable` and not tied to an actor: create and use it in one
/// isolation domain, such as the main actor, with its renderer, observers and guards.
public final class Navigator<View> {
  /// Sees every event of every accepted navigation.
  public typealias Observer = (NavigationEvent) -> Void

  /// A token for removing an observer or a guard.
  public struct Token: Hashable, Sendable {
    fileprivate let id: Int
  }

  /// This navigator's own screens; those of its sub-navigators are in theirs.
  public private(set) var state = NavigationState<View>()
  /// Shows the navigation after every accepted navigation; held weakly.
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
  /// The cause of the innermost running batch, given to the events it makes.
  private var cause: (any Hashable & Sendable)?
  private var batchDepth = 0
  private var renderPending = false

  /// An empty navigator; give it a root with ``Navigation/root(_:)`` before anything else.
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

  /// Adds a guard on screens named `screen` entering or leaving the navigation, whatever
  /// the navigation: push, pop, dismiss, root, a sub-navigator's end or a route's plan.
  @discardableResult
  public func addGuard(
    _ direction: GuardDirection, screen: String, decide: @escaping () -> GuardDecision
  ) -> Token {
    nextTokenID += 1
    guards.append(NavigationGuard(id: nextTokenID, screen: screen, direction: direction, decide: decide))
    return Token(id: nextTokenID)
  }

  /// Removes the observer or guard `token` was returned for.
  public func remove(_ token: Token) {
    observers.removeAll { $0.id == token.id }
    guards.removeAll { $0.id == token.id }
  }

  // MARK: Navigating

  /// Takes one step. `configure` runs on a built view before it is shown, `completion`
  /// on the active view after the renderer has shown it.
  public func handle(
    _ navigation: Navigation<View>,
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    try perform([navigation], configure: configure, completion: completion)
  }

  /// Takes several steps as one: all are applied to a copy of the state, the guards are
  /// asked once about the difference, and only then is the copy kept. Observers see each
  /// step; the renderer shows only the end result.
  ///
  /// An empty batch changes nothing and renders nothing; observers see one
  /// ``NavigationEvent/Kind/ignored`` event, so a request that found nothing to do is traced.
  public func perform(
    _ navigations: [Navigation<View>],
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    guard !navigations.isEmpty else {
      emit(.ignored, state.top?.name ?? "", state.stack)
      return
    }
    var changes: [(kind: NavigationEvent.Kind, screen: String, stack: [String])] = []
    // A popover a step closes on its way is reported as dismissed, as if by its own step.
    func closed(_ screen: String, _ stack: [String]) { changes.append((.dismiss, screen, stack)) }
    if navigations.count == 1, rootNavigator.guards.isEmpty {
      // Nothing to compare and nothing to undo: a refused step leaves the state as it was.
      let change = try state.apply(navigations[0], configure: configure, closing: closed)
      changes.append((change.kind, change.screen, state.stack))
    } else {
      var next = state
      for navigation in navigations {
        let change = try next.apply(navigation, configure: configure, closing: closed)
        changes.append((change.kind, change.screen, next.stack))
      }
      try checkGuards(from: state, to: next)
      state = next
    }
    for change in changes { emit(change.kind, change.screen, change.stack) }
    render()
    if let completion, let active = activeView { completion(active) }
  }

  /// Runs several navigations, across sub-navigators too, as one: the renderer shows only
  /// the end result, and every event they make carries `cause` (a router passes its plan).
  public func batch<T, Failure: Error>(
    cause: (any Hashable & Sendable)? = nil, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    let outer = self.cause
    if let cause { self.cause = cause }
    batchDepth += 1
    defer {
      self.cause = outer
      batchDepth -= 1
      if batchDepth == 0, renderPending {
        renderPending = false
        render()
      }
    }
    return try body()
  }

  /// Asks the renderer to show the current state again, after a screen changed in place.
  public func refresh() {
    render()
  }

  /// Asks the guards about every screen that would leave or arrive between two states.
  /// Guards and confirmation belong to the outermost navigator and cover its flows too.
  private func checkGuards(from old: NavigationState<View>, to new: NavigationState<View>) throws(NavigationError) {
    let root = rootNavigator
    guard !root.guards.isEmpty else { return }
    let (leaving, entering) = old.changes(to: new)
    var questions: [String] = []
    for check in root.guards {
      let moving = check.direction == .leave ? leaving : entering
      guard moving.contains(check.screen) else { continue }
      switch check.decide() {
      case .allow: break
      case .deny(let reason): throw .denied(reason)
      case .confirm(let question): if !questions.contains(question) { questions.append(question) }
      }
    }
    for question in questions where root.confirm?(question) != true {
      throw .cancelled(question)
    }
  }

  private func render() {
    if let parent {
      parent.render()
    } else if batchDepth > 0 {
      renderPending = true
    } else {
      renderer?.render(activeState)
    }
  }

  private func emit(_ kind: NavigationEvent.Kind, _ name: String, _ stack: [String]) {
    if let parent {
      // A sub-navigator's flow is presented over its parent's screens.
      parent.emit(kind == .root ? .present : kind, name, parent.state.stack + stack)
      return
    }
    sequence += 1
    let event = NavigationEvent(sequence: sequence, kind: kind, screen: name, stack: stack, cause: cause)
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

  /// Names of every open screen from the first, each entry's children after it, through
  /// sub-navigators: what a person asking where they are has open.
  public var openScreens: [String] {
    state.entries.flatMap { [$0.name] + $0.children.map(\.name) } + subNavigators.flatMap(\.openScreens)
  }

  /// The whole navigation as indented text, sub-navigators included: one line per entry
  /// and child, such as `"  options (sub-navigator)"`.
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

/// A navigator belongs to one isolation domain.
@available(*, unavailable)
extension Navigator: Sendable {}
