/// Navigates to a *context* rather than by steps, as deep links and notifications need:
/// a route already on top is skipped, one already in the stack is brought back, anything
/// else is built and shown after dismissing what is in the way.
public final class Router<Route: Hashable, View> {
  public let navigator: Navigator<View>
  private let destination: (Route) -> Destination<Route, View>

  public init(navigator: Navigator<View>, destination: @escaping (Route) -> Destination<Route, View>) {
    self.navigator = navigator
    self.destination = destination
  }

  /// The exact steps `navigate(to:)` would take from here, without taking them.
  public func plan(to route: Route) -> RoutePlan {
    RoutePlan(resolve(route).steps)
  }

  /// Takes the planned steps and returns them. Guards apply as to any navigation; a
  /// refused step stops the rest.
  @discardableResult
  public func navigate(to route: Route) throws(NavigationError) -> RoutePlan {
    let (steps, built) = resolve(route)
    navigator.currentPlan = steps.map(\.description)
    defer { navigator.currentPlan = [] }
    if case .ignored(let name) = steps.first {
      navigator.emit(.ignored, name, navigator.stack)
      return RoutePlan(steps)
    }
    return try navigator.renderingOnce { () throws(NavigationError) in
      try run(steps, building: built)
      return RoutePlan(steps)
    }
  }

  private func run(_ steps: [RoutePlan.Step], building built: [Route]) throws(NavigationError) {
    var pending = built.makeIterator()
    var batch: [Navigation<View>] = []
    var level = navigator.activeNavigator
    func flush() throws(NavigationError) {
      if !batch.isEmpty { try level.perform(batch) }
      batch = []
    }
    for step in steps {
      switch step {
      case .ignored: break
      case .endFlow:
        try flush()
        let parent = navigator.parentOfInnermostFlow
        if let sub = parent.subNavigators.last { try parent.removeSubNavigator(sub) }
        level = navigator.activeNavigator
      case .dismiss: batch.append(.dismiss)
      case .pop: batch.append(.pop)
      case .push, .present, .popover, .flow:
        guard let next = pending.next() else { continue }
        let target = destination(next)
        switch target.transition {
        case .push: batch.append(.push(target.screen))
        case .present: batch.append(.present(target.screen))
        case .popover(let anchor): batch.append(.popover(target.screen, anchor: anchor))
        case .flow:
          try flush()
          try level.addSubNavigator(Navigator(), root: target.screen)
          level = navigator.activeNavigator
        }
      }
    }
    try flush()
  }

  /// The steps to `route`, and the routes whose screens they build, hosts first.
  private func resolve(_ route: Route) -> (steps: [RoutePlan.Step], built: [Route]) {
    var model = Model(navigator)
    var built: [Route] = []
    let steps = plan(route, in: &model, isHost: false, built: &built)
    return (steps, built)
  }

  /// Plans on a model of the navigation, updating it as the steps would.
  private func plan(_ route: Route, in model: inout Model, isHost: Bool, built: inout [Route]) -> [RoutePlan.Step] {
    let target = destination(route)
    let context = AnyHashable(route)
    if target.policy != .allowDuplicates, model.top?.context == context {
      return isHost ? [] : [.ignored(target.screen.name)]
    }
    if target.policy == .bringToFront, let position = model.position(of: context) {
      return model.unwind(to: position)
    }
    var steps: [RoutePlan.Step]
    switch target.transition {
    case .push: steps = model.unwindPresented()
    case .present, .flow, .popover: steps = model.unwindPopovers()
    }
    if let host = target.host, model.top?.context != AnyHashable(host), !canShow(target, on: model.top) {
      steps += plan(host, in: &model, isHost: true, built: &built)
    }
    switch target.transition {
    case .push: steps.append(.push(target.screen.name))
    case .present: steps.append(.present(target.screen.name))
    case .flow: steps.append(.flow(target.screen.name))
    case .popover(let anchor): steps.append(.popover(target.screen.name, anchor: anchor))
    }
    built.append(route)
    model.add(name: target.screen.name, context: context, anchors: target.screen.anchors, transition: target.transition)
    return steps
  }

  /// Whether the screen on top can take the destination without going to its host first:
  /// a screen it may be shown over, or for a popover, any screen with its anchor.
  private func canShow(_ target: Destination<Route, View>, on top: Model.Item?) -> Bool {
    guard let top else { return false }
    if target.shownOver.contains(top.name) { return true }
    guard case .popover(let anchor) = target.transition else { return false }
    return top.anchors.contains(anchor)
  }
}

extension Router {
  /// The navigation flattened across sub-navigators, for planning. A view of the
  /// navigators' entries, not a copy: planning near the top of a deep stack costs what
  /// the steps cost, not the depth.
  struct Model {
    struct Item {
      let name: String
      let context: AnyHashable?
      let anchors: Set<String>
      let presentation: Presentation
      /// The root of a sub-navigator.
      let startsFlow: Bool
    }

    /// Each level's state, outermost first (values shared with the navigators).
    private var levels: [NavigationState<View>] = []
    /// Where each level starts among the items.
    private var starts: [Int] = []
    /// How many of the navigators' entries are left, from the bottom, after unwinding.
    private var kept = 0
    /// Items planned on top of those.
    private var added: [Item] = []

    init(_ navigator: Navigator<View>) {
      var level: Navigator<View>? = navigator
      while let current = level {
        starts.append(kept)
        levels.append(current.state)
        kept += current.state.entries.count
        level = current.subNavigators.last
      }
    }

    var count: Int { kept + added.count }

    var top: Item? { count == 0 ? nil : item(at: count - 1) }

    func item(at position: Int) -> Item {
      guard position < kept else { return added[position - kept] }
      let (level, index) = place(of: position)
      let entry = levels[level].entries[index]
      return Item(
        name: entry.name, context: entry.context, anchors: entry.anchors, presentation: entry.presentation,
        startsFlow: level > 0 && index == 0)
    }

    func position(of context: AnyHashable) -> Int? {
      if let index = added.lastIndex(where: { $0.context == context }) { return kept + index }
      // Each level's own index of contexts, innermost first, among the entries still kept.
      for level in levels.indices.reversed() where starts[level] < kept {
        if let index = levels[level].index(of: context, below: kept - starts[level]) { return starts[level] + index }
      }
      return nil
    }

    /// The level and index of one of the navigators' entries.
    private func place(of position: Int) -> (level: Int, index: Int) {
      var level = starts.count - 1
      while starts[level] > position { level -= 1 }
      return (level, position - starts[level])
    }

    /// Steps that leave `position` on top, and the model updated to match.
    mutating func unwind(to position: Int) -> [RoutePlan.Step] {
      var steps: [RoutePlan.Step] = []
      while count > position + 1, let item = top {
        steps.append(step(removing: item))
      }
      return steps
    }

    mutating func unwindPresented() -> [RoutePlan.Step] {
      var steps: [RoutePlan.Step] = []
      while let item = top, item.presentation.isPresented || item.startsFlow {
        steps.append(step(removing: item))
      }
      return steps
    }

    mutating func unwindPopovers() -> [RoutePlan.Step] {
      var steps: [RoutePlan.Step] = []
      while let item = top, case .popover = item.presentation {
        steps.append(step(removing: item))
      }
      return steps
    }

    private mutating func step(removing item: Item) -> RoutePlan.Step {
      if added.isEmpty { kept -= 1 } else { added.removeLast() }
      if item.startsFlow { return .endFlow(item.name) }
      return item.presentation.isPresented ? .dismiss(item.name) : .pop(item.name)
    }

    mutating func add(name: String, context: AnyHashable, anchors: Set<String>, transition: Transition) {
      let presentation: Presentation =
        switch transition {
        case .push: .push
        case .present: .modal
        case .popover(let anchor): .popover(anchor: anchor)
        case .flow: .root
        }
      added.append(
        Item(
          name: name, context: context, anchors: anchors, presentation: presentation, startsFlow: transition == .flow))
    }
  }
}

extension Navigator {
  /// The navigator whose newest sub-navigator is the innermost flow.
  var parentOfInnermostFlow: Navigator<View> {
    var current = self
    while let sub = current.subNavigators.last, !sub.subNavigators.isEmpty { current = sub }
    return current
  }
}
