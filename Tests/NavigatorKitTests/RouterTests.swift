import NavigatorKit
import NavigatorKitTesting
import Testing

/// A small app's routes, to plan against.
enum TestRoute: Hashable {
  case home
  case detail(Int)
  case settings
  case menu
  case log(Int)
  /// An overlay on a detail.
  case note
}

func makeRouter() throws -> (Router<TestRoute, TestView>, Navigator<TestView>, NavigationRecorder) {
  let (navigator, _, log) = try makeNavigator()
  let router = Router<TestRoute, TestView>(navigator: navigator) { route in
    switch route {
    case .home:
      Destination(route, screen: .named("home", anchors: ["line"]), transition: .push)
    case .detail(let id):
      Destination(route, screen: .named("detail-\(id)"), transition: .push, host: .home)
    case .settings:
      Destination(route, screen: .named("settings", anchors: ["line"]), transition: .flow, host: .home)
    case .menu:
      Destination(route, screen: .named("menu"), transition: .popover(anchor: "line"), host: .home)
    case .log(let id):
      Destination(route, screen: .named("log-\(id)"), transition: .push, policy: .allowDuplicates)
    case .note:
      Destination(route, screen: .named("note"), transition: .child, host: .detail(1))
    }
  }
  // The root shows the home route, as an app's first screen would.
  try router.reset(to: .home)
  return (router, navigator, log)
}

@Suite("Router: navigating to a context")
struct RouterTests {
  @Test func aContextOnTopIsIgnored() throws {
    let (router, navigator, log) = try makeRouter()
    #expect(router.plan(to: .home) == RoutePlan([.ignored("home")]))
    try router.navigate(to: .detail(1))
    let plan = try router.navigate(to: .detail(1))
    #expect(plan == RoutePlan([.ignored("detail-1")]))
    #expect(navigator.state.stack == ["home", "detail-1"])
    #expect(log.kinds.last == .ignored)
  }

  @Test func aContextInTheStackIsBroughtBack() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    try router.navigate(to: .log(7))
    #expect(router.plan(to: .detail(1)) == RoutePlan([.pop("log-7")]))
    try router.navigate(to: .detail(1))
    #expect(navigator.stack == ["home", "detail-1"])
  }

  @Test func theRouterFollowsNavigationsItDidNotTake() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    try router.navigate(to: .log(7))
    try router.navigate(to: .log(7))
    try navigator.handle(.pop)
    #expect(router.plan(to: .detail(1)) == RoutePlan([.pop("log-7")]))
    try navigator.handle(.popToRoot)
    #expect(router.plan(to: .detail(1)) == RoutePlan([.push("detail-1")]))
    #expect(router.plan(to: .home).isIgnored)
    // A root it did not build shows no route it knows.
    try navigator.handle(.root(.named("home", anchors: ["line"])))
    #expect(router.plan(to: .home) == RoutePlan([.push("home")]))
  }

  @Test func aResetIsARootWithoutACause() throws {
    let (router, navigator, log) = try makeRouter()
    try router.navigate(to: .detail(1))
    try router.reset(to: .home)
    navigator.expectStack(["home"])
    #expect(log.events.last == NavigationEvent(sequence: 4, kind: .root, screen: "home", stack: ["home"]))
    #expect(router.plan(to: .home).isIgnored)
  }

  @Test func aDeepStackIsPlannedFromItsTop() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    for id in 0..<500 { try router.navigate(to: .log(id)) }
    // A context deep in the stack is found and brought back; a duplicate is pushed.
    let back = router.plan(to: .detail(1))
    #expect(back.steps.count == 500)
    #expect(back.steps.first == .pop("log-499") && back.steps.last == .pop("log-0"))
    #expect(router.plan(to: .log(5)) == RoutePlan([.push("log-5")]))
    #expect(router.plan(to: .detail(2)).steps == back.steps + [.pop("detail-1"), .push("detail-2")])
    try router.navigate(to: .detail(1))
    #expect(navigator.stack == ["home", "detail-1"])
  }

  @Test func goingBackCrossesFlowsAndPopovers() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .settings)
    try router.navigate(to: .menu)
    #expect(navigator.stack == ["home", "settings", "menu"])
    #expect(router.plan(to: .home) == RoutePlan([.dismiss("menu"), .endFlow("settings")]))
    try router.navigate(to: .home)
    #expect(navigator.stack == ["home"])
    #expect(navigator.subNavigators.isEmpty)
  }

  @Test func aFlowOverAnotherScreenFirstReturnsToItsHost() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    #expect(router.plan(to: .settings) == RoutePlan([.pop("detail-1"), .flow("settings")]))
    try router.navigate(to: .settings)
    #expect(navigator.stack == ["home", "settings"])
  }

  @Test func aNewScreenIsBuiltAfterDismissingWhatIsInTheWay() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .settings)
    #expect(router.plan(to: .detail(2)) == RoutePlan([.endFlow("settings"), .push("detail-2")]))
    try router.navigate(to: .detail(2))
    #expect(navigator.stack == ["home", "detail-2"])
  }

  @Test func aPopoverGoesToItsHostWhenTheTopHasNoAnchor() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(3))
    #expect(router.plan(to: .menu) == RoutePlan([.pop("detail-3"), .popover("menu", anchor: "line")]))
    try router.navigate(to: .menu)
    #expect(navigator.stack == ["home", "menu"])
  }

  @Test func aPopoverStaysOnAnyTopWithItsAnchor() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .settings)
    #expect(router.plan(to: .menu) == RoutePlan([.popover("menu", anchor: "line")]))
    try navigator.expect(
      on: "settings", doing: { try router.navigate(to: .menu) }, shows: "menu", over: "settings")
    #expect(navigator.subNavigators.count == 1)
  }

  @Test func duplicatesWhenThePolicyAllowsThem() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .log(1))
    #expect(router.plan(to: .log(1)) == RoutePlan([.push("log-1")]))
    try router.navigate(to: .log(1))
    #expect(navigator.stack == ["home", "log-1", "log-1"])
  }

  @Test func aChildIsAddedToItsHostAndNeverSkipped() throws {
    let (router, navigator, log) = try makeRouter()
    #expect(router.plan(to: .note) == RoutePlan([.push("detail-1"), .child("note")]))
    try router.navigate(to: .note)
    log.expectLast(["push detail-1", "child note"])
    #expect(navigator.state.activeName == "note")
    // Not remembered, as children are no entries: added again, over the one there.
    #expect(router.plan(to: .note) == RoutePlan([.child("note")]))
    // The screen it is a child of is still the detail on top.
    #expect(router.plan(to: .detail(1)) == RoutePlan([.ignored("detail-1")]))
    try router.navigate(to: .menu)
    #expect(navigator.stack == ["home", "menu"])
  }

  @Test func planningChangesNothing() throws {
    let (router, navigator, log) = try makeRouter()
    try router.navigate(to: .detail(1))
    let events = log.events.count
    _ = router.plan(to: .settings)
    _ = router.plan(to: .menu)
    #expect(navigator.stack == ["home", "detail-1"])
    #expect(log.events.count == events)
  }

  @Test func eventsCarryThePlan() throws {
    let (router, _, log) = try makeRouter()
    try router.navigate(to: .detail(1))
    try router.navigate(to: .menu)
    let plan = RoutePlan([.pop("detail-1"), .popover("menu", anchor: "line")])
    #expect(log.plans.suffix(2) == [plan, plan])
    log.expectLast(["pop detail-1", "popover menu"])
    try router.navigate(to: .menu)
    #expect(log.events.last?.kind == .ignored)
    #expect(log.plans.last == RoutePlan([.ignored("menu")]))
    #expect(log.plans[0] == nil)
  }

  @Test func guardsApplyToLinks() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    navigator.addGuard(.leave, screen: "detail-1") { .confirm("Leave?") }
    navigator.confirm = { _ in false }
    #expect(throws: NavigationError.cancelled("Leave?")) { try router.navigate(to: .menu) }
    #expect(navigator.stack == ["home", "detail-1"])
    navigator.confirm = { _ in true }
    try router.navigate(to: .menu)
    #expect(navigator.stack == ["home", "menu"])
  }
}
