import NavigatorKit
import NavigatorKitTesting
import Testing

@Suite("Sub-navigators")
struct SubNavigatorTests {
  @Test func aFlowRunsAboveItsParentAndIsReleasedWhenRemoved() throws {
    let (navigator, renderer, log) = try makeNavigator()
    weak var flowView: TestView?
    weak var popoverView: TestView?
    do {
      let flow = Navigator<TestView>()
      try navigator.addSubNavigator(flow, root: .named("options", anchors: ["difficulty"]))
      try flow.handle(.popover(.named("menu"), anchor: "difficulty"))
      flowView = flow.state.entries.first?.view
      popoverView = flow.state.top?.view
      #expect(navigator.stack == ["home", "options", "menu"])
      #expect(navigator.activeView?.name == "menu")
      #expect(renderer.activeNames.last == "menu")
      #expect(log.events.suffix(2).map(\.kind) == [.present, .popover])
      #expect(log.events.last?.stack == ["home", "options", "menu"])
      navigator.expectTree(["home (root)", "  options (sub-navigator)", "    menu (popover on difficulty)"])
      try flow.handle(.dismiss)
      try navigator.removeSubNavigator(flow)
    }
    #expect(flowView == nil)
    #expect(popoverView == nil)
    #expect(navigator.stack == ["home"])
    #expect(log.events.last == NavigationEvent(sequence: 5, kind: .dismiss, screen: "options", stack: ["home"]))
    #expect(renderer.activeNames.last == "home")
  }

  @Test func removingAFlowThatIsNotThereIsRefused() throws {
    let (navigator, _, _) = try makeNavigator()
    #expect(throws: NavigationError.nothingPresented) { try navigator.removeSubNavigator(Navigator()) }
    #expect(throws: NavigationError.noRoot) {
      try Navigator<TestView>().addSubNavigator(Navigator(), root: .named("x"))
    }
  }

  @Test func parentGuardsCoverTheFlow() throws {
    let (navigator, _, _) = try makeNavigator()
    navigator.addGuard(.leave, screen: "options") { .deny("unsaved") }
    let flow = Navigator<TestView>()
    try navigator.addSubNavigator(flow, root: .named("options"))
    #expect(throws: NavigationError.denied("unsaved")) { try navigator.removeSubNavigator(flow) }
    #expect(navigator.subNavigators.count == 1)
  }

  @Test func screensThatLeaveAreReleased() throws {
    let (navigator, _, _) = try makeNavigator()
    weak var game: TestView?
    weak var feedback: TestView?
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.addChild(.named("feedback")))
    game = navigator.state.top?.view
    feedback = navigator.state.top?.children.first?.view
    #expect(game != nil)
    try navigator.handle(.pop)
    #expect(game == nil)
    #expect(feedback == nil)
  }
}
