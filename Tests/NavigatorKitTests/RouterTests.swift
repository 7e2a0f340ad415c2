import NavigatorKit
import Testing

/// A small app's routes, to plan against.
enum TestRoute: Hashable {
  case home
  case detail(Int)
  case settings
  case menu
  case log(Int)
}

func makeRouter() throws -> (Router<TestRoute, TestView>, Navigator<TestView>, EventLog) {
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
    }
  }
  // The root shows the home context, as an app's first screen would.
  try navigator.handle(
    .root(Destination(TestRoute.home, screen: .named("home", anchors: ["line"]), transition: .push).screen))
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

  @Test func theIndexOfAContextFollowsEveryChange() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .detail(1))
    try router.navigate(to: .log(7))
    try router.navigate(to: .log(7))
    #expect(navigator.state.index(of: TestRoute.log(7)) == 3)
    try navigator.handle(.pop)
    #expect(navigator.state.index(of: TestRoute.log(7)) == 2)
    #expect(navigator.state.index(of: TestRoute.detail(1)) == 1)
    try navigator.handle(.popToRoot)
    #expect(navigator.state.index(of: TestRoute.log(7)) == nil)
    #expect(navigator.state.index(of: TestRoute.home) == 0)
    try navigator.handle(.root(Destination(TestRoute.log(1), screen: .named("log-1"), transition: .push).screen))
    #expect(navigator.state.index(of: TestRoute.home) == nil)
    #expect(navigator.state.index(of: TestRoute.log(1)) == 0)
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
    try router.navigate(to: .menu)
    #expect(navigator.stack == ["home", "settings", "menu"])
    #expect(navigator.subNavigators.count == 1)
  }

  @Test func duplicatesWhenThePolicyAllowsThem() throws {
    let (router, navigator, _) = try makeRouter()
    try router.navigate(to: .log(1))
    #expect(router.plan(to: .log(1)) == RoutePlan([.push("log-1")]))
    try router.navigate(to: .log(1))
    #expect(navigator.stack == ["home", "log-1", "log-1"])
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
    #expect(
      log.events.suffix(2).map(\.plan) == [
        ["pop detail-1", "popover menu@line"], ["pop detail-1", "popover menu@line"],
      ])
    #expect(log.events.suffix(2).map(\.kind) == [.pop, .popover])
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
