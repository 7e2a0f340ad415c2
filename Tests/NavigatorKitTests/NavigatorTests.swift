import NavigatorKit
import NavigatorKitTesting
import Testing

@Suite("Navigator operations")
struct NavigatorTests {
  @Test func rootReplacesEverything() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.push(.named("a")))
    try navigator.handle(.present(.named("modal")))
    try navigator.handle(.root(.named("fresh")))
    #expect(navigator.state.stack == ["fresh"])
    #expect(navigator.state.top?.presentation == .root)
    #expect(log.events.last == NavigationEvent(sequence: 4, kind: .root, screen: "fresh", stack: ["fresh"]))
  }

  @Test func pushAndPop() throws {
    let (navigator, renderer, log) = try makeNavigator()
    try navigator.handle(.push(.named("a")))
    try navigator.handle(.push(.named("b")))
    #expect(navigator.state.stack == ["home", "a", "b"])
    #expect(navigator.state.entries.map(\.presentation) == [.root, .push, .push])
    try navigator.handle(.pop)
    #expect(navigator.state.stack == ["home", "a"])
    #expect(log.events.last == NavigationEvent(sequence: 4, kind: .pop, screen: "b", stack: ["home", "a"]))
    #expect(renderer.stacks.last == ["home", "a"])
  }

  @Test func popToRootLeavesOnlyTheRoot() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.push(.named("a")))
    try navigator.handle(.push(.named("b")))
    try navigator.handle(.popToRoot)
    #expect(navigator.state.stack == ["home"])
    #expect(log.kinds == [.root, .push, .push, .pop])
  }

  @Test func presentAndDismissAModal() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.present(.named("options", anchors: ["line"])))
    #expect(navigator.state.isPresenting)
    #expect(navigator.state.top?.presentation == .modal)
    try navigator.handle(.dismiss)
    #expect(navigator.state.stack == ["home"])
    #expect(log.kinds == [.root, .present, .dismiss])
    #expect(log.events.last?.screen == "options")
  }

  @Test func popoverAnchorsToThePresenter() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.popover(.named("menu"), anchor: "line"))
    #expect(navigator.state.top?.presentation == .popover(anchor: "line"))
    #expect(navigator.state.stack == ["home", "menu"])
    try navigator.handle(.dismiss)
    #expect(log.kinds == [.root, .popover, .dismiss])
  }

  @Test func popoverOverAModal() throws {
    let (navigator, _, _) = try makeNavigator()
    try navigator.handle(.present(.named("options", anchors: ["difficulty"])))
    try navigator.handle(.popover(.named("menu"), anchor: "difficulty"))
    navigator.expectShowing("menu", over: "options")
    try navigator.handle(.dismiss)
    #expect(navigator.state.stack == ["home", "options"])
  }

  @Test func aModalOrPopoverClosesThePopoverOnTop() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.popover(.named("menu"), anchor: "line"))
    try navigator.handle(.present(.named("options")))
    #expect(navigator.state.stack == ["home", "options"])
    log.expectLast(["dismiss menu", "present options"])
    #expect(log.events.suffix(2).map(\.stack) == [["home"], ["home", "options"]])
    try navigator.handle(.dismiss)
    try navigator.handle(.popover(.named("menu"), anchor: "line"))
    try navigator.handle(.popover(.named("help"), anchor: "line"))
    navigator.expectShowing("help", over: "home")
    log.expectLast(["dismiss menu", "popover help"])
  }

  @Test func childrenAreOverlaysNotStackEntries() throws {
    let (navigator, renderer, log) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.addChild(.named("feedback")))
    #expect(navigator.state.stack == ["home", "game"])
    #expect(navigator.state.activeName == "feedback")
    #expect(navigator.state.top?.children.map(\.name) == ["feedback"])
    #expect(renderer.activeNames.last == "feedback")
    try navigator.handle(.removeChild)
    #expect(navigator.state.activeName == "game")
    #expect(log.kinds == [.root, .push, .child, .removeChild])
    #expect(log.events.last?.screen == "feedback")
  }

  @Test func poppingAScreenTakesItsChildren() throws {
    let (navigator, _, _) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.addChild(.named("feedback")))
    try navigator.handle(.pop)
    #expect(navigator.state.activeName == "home")
    #expect(navigator.state.top?.children.isEmpty == true)
  }

  @Test func configureRunsBeforeTheRendererAndCompletionAfter() throws {
    let (navigator, renderer, _) = try makeNavigator()
    var order: [String] = []
    try navigator.handle(
      .push(.named("a")),
      configure: { view in
        view.configured = true
        order.append("configure:\(renderer.count)")
      },
      completion: { view in
        #expect(view.configured)
        order.append("completion:\(renderer.count)")
      })
    // One render for the root, then configure, the render of `a`, completion.
    #expect(order == ["configure:1", "completion:2"])
  }

  @Test func viewsAreBuiltOnlyWhenNavigatedTo() throws {
    let (navigator, _, _) = try makeNavigator()
    var built = 0
    let screen = Screen<TestView>(name: "lazy") {
      built += 1
      return TestView("lazy")
    }
    #expect(built == 0)
    try navigator.handle(.push(screen))
    #expect(built == 1)
    #expect(navigator.state.active?.name == "lazy")
  }

  @Test func everyObserverSeesEveryEventInOrder() throws {
    let (navigator, _, first) = try makeNavigator()
    let second = NavigationRecorder()
    let token = navigator.addObserver(didNavigate: second.record)
    try navigator.handle(.push(.named("a")))
    try navigator.handle(.pop)
    #expect(first.events.map(\.sequence) == [1, 2, 3])
    #expect(second.events.map(\.sequence) == [2, 3])
    navigator.remove(token)
    try navigator.handle(.push(.named("b")))
    #expect(second.events.count == 2)
    #expect(first.events.count == 4)
  }

  @Test func performBatchesStepsIntoOneRender() throws {
    let (navigator, renderer, log) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.present(.named("complete")))
    let rendersBefore = renderer.count
    try navigator.perform([.dismiss, .popToRoot])
    #expect(renderer.count == rendersBefore + 1)
    #expect(log.kinds.suffix(2) == [.dismiss, .pop])
    #expect(log.events.suffix(2).map(\.stack) == [["home", "game"], ["home"]])
  }

  @Test func refreshRendersWithoutAnEvent() throws {
    let (navigator, renderer, log) = try makeNavigator()
    navigator.refresh()
    #expect(renderer.count == 2)
    #expect(log.events.count == 1)
  }

  @Test func topmostFindsTheNewestViewOfAType() throws {
    let (navigator, _, _) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.addChild(.named("feedback")))
    #expect(navigator.topmost(TestView.self)?.name == "feedback")
    #expect(navigator.topmost(String.self) == nil)
  }

  @Test func aStateIsAValueItsRulesApplyTo() throws {
    let empty = NavigationState<TestView>()
    #expect(throws: NavigationError.noRoot) { try empty.applying(.push(.named("a"))) }
    let home = try empty.applying(.root(.named("home", anchors: ["line"])))
    let menu = try home.applying(.popover(.named("menu"), anchor: "line"))
    #expect(menu.stack == ["home", "menu"])
    #expect(home.stack == ["home"])
    #expect(menu.tree == ["home (root)", "  menu (popover on line)"])
    var state = menu
    let change = try state.apply(.dismiss)
    #expect(change.kind == .dismiss && change.screen == "menu")
    #expect(state.stack == home.stack)
  }
}
