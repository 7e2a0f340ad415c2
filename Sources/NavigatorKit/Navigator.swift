/// A headless navigator: it keeps the stack, the presented modals and popovers, and each
/// screen's children, tells observers what happened and asks a renderer to show the result.
///
/// Every navigation is checked against the model first; a refused one throws and changes
/// nothing. The navigator is not tied to an actor: use it from one isolation domain.
public final class Navigator<View> {
  public typealias Observer = (NavigationEvent) -> Void

  /// A token for removing an observer.
  public struct ObserverToken: Hashable, Sendable {
    fileprivate let id: Int
  }

  public private(set) var state = NavigationState<View>()
  public weak var renderer: (any NavigationRenderer<View>)?

  private var observers: [(id: Int, observe: Observer)] = []
  private var nextObserverID = 0
  private var sequence = 0

  public init(renderer: (any NavigationRenderer<View>)? = nil) {
    self.renderer = renderer
  }

  /// Adds an observer that sees every event of every accepted navigation.
  @discardableResult
  public func addObserver(didNavigate observe: @escaping Observer) -> ObserverToken {
    nextObserverID += 1
    observers.append((nextObserverID, observe))
    return ObserverToken(id: nextObserverID)
  }

  public func removeObserver(_ token: ObserverToken) {
    observers.removeAll { $0.id == token.id }
  }

  /// Takes one step. `configure` runs on a built view before it is shown, `completion`
  /// after the renderer has shown it.
  public func handle(
    _ navigation: Navigation<View>,
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    try perform([navigation], configure: configure, completion: completion)
  }

  /// Takes several steps as one: all are checked before any is kept, observers see each
  /// step, and the renderer shows only the end result.
  public func perform(
    _ navigations: [Navigation<View>],
    configure: ((View) -> Void)? = nil,
    completion: ((View) -> Void)? = nil
  ) throws(NavigationError) {
    var next = state
    var changes: [(NavigationEvent.Kind, String, [String])] = []
    for navigation in navigations {
      let (kind, name) = try next.apply(navigation, configure: configure)
      changes.append((kind, name, next.stack))
    }
    state = next
    for (kind, name, stack) in changes {
      sequence += 1
      let event = NavigationEvent(sequence: sequence, kind: kind, screen: name, stack: stack)
      for observer in observers { observer.observe(event) }
    }
    renderer?.render(state)
    if let completion, let active = state.active { completion(active) }
  }

  /// Asks the renderer to show the current state again, after a screen changed in place.
  public func refresh() {
    renderer?.render(state)
  }

  /// The topmost view of a given type, for updating a screen in place.
  public func topmost<T>(_ type: T.Type) -> T? {
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
  /// Applies one step to this value, or throws and leaves it as it was.
  mutating func apply(
    _ navigation: Navigation<View>,
    configure: ((View) -> Void)?
  ) throws(NavigationError) -> (NavigationEvent.Kind, String) {
    func make(_ screen: Screen<View>, _ presentation: Presentation) -> Entry {
      let view = screen.build()
      configure?(view)
      return Entry(
        name: screen.name, anchors: screen.anchors, view: view,
        presentation: presentation, children: [])
    }

    switch navigation {
    case .root(let screen):
      entries = [make(screen, .root)]
      return (.root, screen.name)

    case .push(let screen):
      guard top != nil else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      entries.append(make(screen, .push))
      return (.push, screen.name)

    case .pop:
      guard let top else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      guard entries.count > 1 else { throw .popAtRoot }
      entries.removeLast()
      return (.pop, top.name)

    case .popToRoot:
      guard let top else { throw .noRoot }
      guard !isPresenting else { throw .presentationActive }
      guard entries.count > 1 else { throw .popAtRoot }
      entries.removeSubrange(1...)
      return (.pop, top.name)

    case .present(let screen):
      guard top != nil else { throw .noRoot }
      entries.append(make(screen, .modal))
      return (.present, screen.name)

    case .dismiss:
      guard let top, top.presentation.isPresented else { throw .nothingPresented }
      entries.removeLast()
      return (.dismiss, top.name)

    case .popover(let screen, let anchor):
      guard let presenter = top, !presenter.isPopover else { throw .noPresenter }
      guard presenter.anchors.contains(anchor) else {
        throw .unknownAnchor(anchor, screen: presenter.name)
      }
      entries.append(make(screen, .popover(anchor: anchor)))
      return (.popover, screen.name)

    case .addChild(let screen):
      guard !entries.isEmpty else { throw .noRoot }
      let view = screen.build()
      configure?(view)
      entries[entries.count - 1].children.append(Child(name: screen.name, view: view))
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
