/// Navigates to a *route* rather than by steps, as deep links and notifications need: a
/// route whose screen is on top is skipped, one already in the stack is brought back,
/// anything else is built and shown after dismissing what is in the way.
///
/// A router is a client of its ``Navigator`` like any other, built on public API only: it
/// remembers which route each screen it built shows, plans by applying steps to copies of
/// the navigators' states, and gives each navigation its ``RoutePlan`` as the events'
/// ``NavigationEvent/cause``. Use it in the navigator's isolation domain.
public final class Router<Route: Hashable, View> {
  /// The navigator the router navigates, from its root.
  public let navigator: Navigator<View>
  private let destination: (Route) -> Destination<Route, View>
  /// The route each entry this router built shows, by entry id.
  private var routes: [Int: Route] = [:]
  /// The ids of the entries built for each route, oldest first; some may have left.
  private var entryIDs: [Route: [Int]] = [:]

  /// A router on `navigator`; `destination` says where each route leads, and is the only
  /// place screens for routes are made.
  public init(navigator: Navigator<View>, destination: @escaping (Route) -> Destination<Route, View>) {
    self.navigator = navigator
    self.destination = destination
  }

  /// The exact steps `navigate(to:)` would take from here, without taking them. Each is
  /// checked with the navigator's rules on a copy of the state, so steps end before one
  /// the rules refuse, and then `navigate(to:)` takes none.
  public func plan(to route: Route) -> RoutePlan {
    resolve(route).plan
  }

  /// Takes the planned steps and returns them. A route whose plan the rules refuse throws
  /// before any step. Guards apply as to any navigation; a refused step stops the rest.
  /// The renderer shows only the end, and every event carries the plan as its cause; a
  /// route already on top makes one ``NavigationEvent/Kind/ignored`` event.
  @discardableResult
  public func navigate(to route: Route) throws(NavigationError) -> RoutePlan {
    let (plan, built, refusal) = resolve(route)
    if let refusal { throw refusal }
    try navigator.batch(cause: plan) { () throws(NavigationError) in
      if plan.isIgnored {
        try navigator.activeNavigator.perform([])
      } else {
        try run(plan.steps, building: built)
      }
    }
    forgetEntriesThatLeft()
    return plan
  }

  /// Replaces the navigator's screens with the route's screen as the root, as an app's
  /// first screen. A reset is not planned: its `root` event has no cause.
  public func reset(to route: Route) throws(NavigationError) {
    try navigator.handle(.root(destination(route).screen))
    if let root = navigator.state.top { remember(root, showing: route) }
    forgetEntriesThatLeft()
  }

  // MARK: Planning

  /// The navigation as a plan changes it: each level's state, outermost first, copied from
  /// the navigators and changed step by step with the navigator's own rules. The route's
  /// own arrival, the last step, is only checked: nothing goes over it, so the navigator's
  /// state is not copied to add it.
  private struct Draft {
    var levels: [NavigationState<View>]
    var steps: [RoutePlan.Step] = []
    /// The destinations whose screens the plan builds, hosts first.
    var built: [Destination<Route, View>] = []

    var top: NavigationState<View>.Entry? { levels.last?.top }

    /// Whether the top entry is the root of a sub-navigator.
    var topStartsFlow: Bool { levels.count > 1 && levels[levels.count - 1].entries.count == 1 }

    /// Plans the step that takes the top entry away; false at the root.
    mutating func removeTop() -> Bool {
      guard let level = levels.indices.last, !levels[level].entries.isEmpty else { return false }
      if topStartsFlow {
        steps.append(.endFlow(levels.removeLast().entries[0].name))
        return true
      }
      let navigation: Navigation<View> = levels[level].isPresenting ? .dismiss : .pop
      guard let change = try? levels[level].apply(navigation) else { return false }
      steps.append(navigation.isPop ? .pop(change.screen) : .dismiss(change.screen))
      return true
    }

    /// How many entries of the top level stay below `target`'s screen as it arrives (the
    /// rest are popovers it closes), or why the rules refuse it. A flow arrives as a modal.
    func kept(arriving target: Destination<Route, View>) throws(NavigationError) -> Int {
      try levels[levels.count - 1].entriesKept(by: target.navigation(showing: target.screen) ?? .present(target.screen))
    }

    /// The entry `target`'s screen would be shown over, or nil where the rules refuse it.
    func below(_ target: Destination<Route, View>) -> NavigationState<View>.Entry? {
      guard let kept = try? kept(arriving: target) else { return nil }
      return levels[levels.count - 1].entries[kept - 1]
    }

    /// Plans the arrival of `target`'s screen, checked with the rules. Only a host, which the
    /// next steps go over, is applied to the draft, with a stand-in screen that borrows the
    /// root's view: nothing is built, and the navigator's states are not copied for the
    /// last step.
    mutating func arrive(_ target: Destination<Route, View>, isHost: Bool) throws(NavigationError) {
      guard let view = levels[0].entries.first?.view else { throw .noRoot }
      let level = levels.count - 1
      let kept = try kept(arriving: target)
      // The popovers it closes on its way, which the navigator reports as dismissed.
      for closed in levels[level].entries[kept...].reversed() { steps.append(.dismiss(closed.name)) }
      steps.append(target.step)
      built.append(target)
      guard isHost else { return }
      let screen = Screen<View>(name: target.screen.name, anchors: target.screen.anchors) { view }
      try levels[level].apply(target.navigation(showing: screen) ?? .present(screen))
      if target.transition == .flow {
        _ = try? levels[level].apply(.dismiss)
        var flow = NavigationState<View>()
        try flow.apply(.root(screen))
        levels.append(flow)
      }
    }
  }

  /// The states of the navigator and its innermost flows, outermost first.
  private var levels: [NavigationState<View>] {
    var levels = [navigator.state]
    var level = navigator
    while let sub = level.subNavigators.last {
      levels.append(sub.state)
      level = sub
    }
    return levels
  }

  /// The plan to `route`, the destinations it builds and why the rules refuse its next
  /// step, if they do. The draft's copies of the states are gone when it returns, so
  /// running the plan changes the navigators' states in place.
  private func resolve(_ route: Route) -> (
    plan: RoutePlan, built: [Destination<Route, View>], refusal: NavigationError?
  ) {
    var draft = Draft(levels: levels)
    var refusal: NavigationError?
    do {
      try plan(route, in: &draft, isHost: false)
    } catch {
      refusal = error
    }
    return (RoutePlan(draft.steps), draft.built, refusal)
  }

  private func route(of entry: NavigationState<View>.Entry?) -> Route? {
    entry.flatMap { routes[$0.id] }
  }

  private func plan(_ route: Route, in draft: inout Draft, isHost: Bool) throws(NavigationError) {
    let target = destination(route)
    if target.policy != .allowDuplicates, self.route(of: draft.top) == route {
      if !isHost { draft.steps.append(.ignored(target.screen.name)) }
      return
    }
    if target.policy == .bringToFront, let (level, index) = position(of: route, in: draft) {
      while draft.levels.count > level + 1 || draft.levels[level].entries.count > index + 1 {
        guard draft.removeTop() else { break }
      }
      return
    }
    // A pushed screen goes on the stack, under anything presented and outside flows.
    while target.transition == .push, let top = draft.top, top.presentation.isPresented || draft.topStartsFlow,
      draft.removeTop()
    {}
    // The host is reached first unless the screen the rules would show it over can take it.
    if let host = target.host, !canShow(target, over: draft.below(target)) {
      try plan(host, in: &draft, isHost: true)
    }
    try draft.arrive(target, isHost: isHost)
  }

  /// The level and index of the topmost entry showing `route`.
  private func position(of route: Route, in draft: Draft) -> (level: Int, index: Int)? {
    for level in draft.levels.indices.reversed() {
      for id in (entryIDs[route] ?? []).reversed() {
        if let index = draft.levels[level].index(ofEntry: id) { return (level, index) }
      }
    }
    return nil
  }

  /// Whether the destination may be shown over `below` (nil where the rules refuse it)
  /// without going to its host first: the host itself, a screen it may be shown over, or
  /// for a popover the rules accepted, any screen with its anchor.
  private func canShow(_ target: Destination<Route, View>, over below: NavigationState<View>.Entry?) -> Bool {
    guard let below else { return false }
    if case .popover = target.transition { return true }
    return route(of: below) == target.host || target.shownOver.contains(below.name)
  }

  // MARK: Running

  /// Takes the steps, batching those of one level, and remembers the route of each screen built.
  private func run(_ steps: [RoutePlan.Step], building built: [Destination<Route, View>]) throws(NavigationError) {
    var pending = built.makeIterator()
    var batch: [Navigation<View>] = []
    var arriving: [Route] = []
    var level = navigator.activeNavigator
    func flush() throws(NavigationError) {
      guard !batch.isEmpty else { return }
      try level.perform(batch)
      for (entry, route) in zip(level.state.entries.suffix(arriving.count), arriving) {
        remember(entry, showing: route)
      }
      batch = []
      arriving = []
    }
    for step in steps {
      switch step {
      case .ignored: break
      case .endFlow:
        try flush()
        var parent = navigator
        while let sub = parent.subNavigators.last, !sub.subNavigators.isEmpty { parent = sub }
        if let sub = parent.subNavigators.last { try parent.removeSubNavigator(sub) }
        level = navigator.activeNavigator
      case .dismiss: batch.append(.dismiss)
      case .pop: batch.append(.pop)
      case .push, .present, .popover, .flow, .child:
        guard let target = pending.next() else { continue }
        guard let navigation = target.navigation(showing: target.screen) else {
          try flush()
          let flow = Navigator<View>()
          try level.addSubNavigator(flow, root: target.screen)
          if let root = flow.state.top { remember(root, showing: target.route) }
          level = flow
          continue
        }
        batch.append(navigation)
        // A child is no entry: nothing to remember it by.
        if target.transition != .child { arriving.append(target.route) }
      }
    }
    try flush()
  }

  /// Notes that `entry` shows `route`, and forgets that route's entries that left.
  private func remember(_ entry: NavigationState<View>.Entry, showing route: Route) {
    let levels = levels
    let live = (entryIDs[route] ?? []).filter { id in levels.contains { $0.index(ofEntry: id) != nil } }
    entryIDs[route] = live + [entry.id]
    routes[entry.id] = route
  }

  /// Drops the routes of entries that left, once there are many of them.
  private func forgetEntriesThatLeft() {
    let levels = levels
    guard routes.count > 2 * levels.reduce(0, { $0 + $1.entries.count }) + 16 else { return }
    let known = routes
    routes = [:]
    entryIDs = [:]
    for state in levels {
      for entry in state.entries {
        guard let route = known[entry.id] else { continue }
        routes[entry.id] = route
        entryIDs[route, default: []].append(entry.id)
      }
    }
  }
}

/// A router belongs to its navigator's isolation domain.
@available(*, unavailable)
extension Router: Sendable {}

extension Navigation {
  fileprivate var isPop: Bool {
    if case .pop = self { return true }
    return false
  }
}

extension Destination {
  /// The step that shows `screen` as the transition says, for planning and running alike;
  /// nil for a flow, which starts a sub-navigator instead.
  fileprivate func navigation(showing screen: Screen<View>) -> Navigation<View>? {
    switch transition {
    case .push: .push(screen)
    case .present: .present(screen)
    case .popover(let anchor): .popover(screen, anchor: anchor)
    case .flow: nil
    case .child: .addChild(screen)
    }
  }

  /// The plan's step for the screen's arrival.
  fileprivate var step: RoutePlan.Step {
    switch transition {
    case .push: .push(screen.name)
    case .present: .present(screen.name)
    case .popover(let anchor): .popover(screen.name, anchor: anchor)
    case .flow: .flow(screen.name)
    case .child: .child(screen.name)
    }
  }
}
