import NavigatorKit
import NavigatorKitTesting
import Testing

/// Routes of an app with every transition, hosts and policies, to follow at random.
enum RandomRoute: Hashable, CaseIterable {
  case home, detail, log, settings, menu, tip, note, alert, sheet, wizard, badge

  func destination() -> Destination<RandomRoute, TestView> {
    switch self {
    case .home: Destination(self, screen: .named("home", anchors: ["line"]), transition: .push)
    case .detail:
      Destination(self, screen: .named("detail", anchors: ["tip"]), transition: .push, host: .home)
    case .log: Destination(self, screen: .named("log"), transition: .push, policy: .allowDuplicates)
    case .settings:
      Destination(self, screen: .named("settings", anchors: ["line"]), transition: .flow, host: .home)
    case .menu: Destination(self, screen: .named("menu"), transition: .popover(anchor: "line"), host: .home)
    // No host: refused wherever the screen below has no "tip" anchor.
    case .tip: Destination(self, screen: .named("tip"), transition: .popover(anchor: "tip"))
    // A host that is built, not brought back, when it is not in the stack.
    case .note: Destination(self, screen: .named("note"), transition: .popover(anchor: "tip"), host: .detail)
    case .alert:
      Destination(
        self, screen: .named("alert", anchors: ["line"]), transition: .present, policy: .singleTop, host: .home,
        shownOver: ["detail", "settings"])
    case .sheet: Destination(self, screen: .named("sheet"), transition: .present, policy: .allowDuplicates)
    case .wizard: Destination(self, screen: .named("wizard", anchors: ["tip"]), transition: .flow, policy: .singleTop)
    // A child of whatever is on top.
    case .badge: Destination(self, screen: .named("badge"), transition: .child)
    }
  }
}

/// A seeded generator (SplitMix64), so every run follows the same routes.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension Navigator {
  /// The stack of this navigator and of each innermost flow, as a plan predicts them.
  var levelStacks: [[String]] {
    var stacks = [state.stack]
    var level = self
    while let sub = level.subNavigators.last {
      stacks.append(sub.state.stack)
      level = sub
    }
    return stacks
  }
}

extension RoutePlan.Step {
  /// The event the step makes, as a trace line reads it.
  var eventLine: String {
    switch self {
    case .ignored(let name): "ignored \(name)"
    case .endFlow(let name), .dismiss(let name): "dismiss \(name)"
    case .pop(let name): "pop \(name)"
    case .push(let name): "push \(name)"
    case .present(let name), .flow(let name): "present \(name)"
    case .popover(let name, _): "popover \(name)"
    case .child(let name): "child \(name)"
    }
  }
}

@Suite("Router: plans never disagree with navigation")
struct RoutePropertyTests {
  @Test func aPlanIsWhatNavigatingDoes() throws {
    var refused = 0
    var closedPopovers = 0
    var builtHosts = 0
    for seed in 1...40 {
      var random = SeededGenerator(state: UInt64(seed))
      let (navigator, _, log) = try makeNavigator()
      let router = Router<RandomRoute, TestView>(navigator: navigator) { $0.destination() }
      try router.reset(to: .home)
      // Half the runs have a guard, so batches go through the guarded path too.
      if seed.isMultiple(of: 2) { navigator.addGuard(.leave, screen: "menu") { .allow } }
      for _ in 0..<100 {
        let route = RandomRoute.allCases.randomElement(using: &random)!
        let plan = router.plan(to: route)
        let stacks = navigator.levelStacks
        let seen = log.events.count
        do {
          let taken = try router.navigate(to: route)
          #expect(taken == plan, "seed \(seed): \(route)")
          let lines = Array(log.lines[seen...])
          #expect(lines == plan.steps.map(\.eventLine), "seed \(seed): \(route) planned \(plan)")
          #expect(log.plans[seen...].allSatisfy { $0 == plan })
          // Where it leads: the route's screen is on top, or takes input as the top's child.
          let state = navigator.activeNavigator.state
          #expect(
            (route == .badge ? state.activeName : state.top?.name) == route.destination().screen.name,
            "seed \(seed): \(route)")
          if plan.steps.contains(.dismiss("menu")), plan.steps.last != .dismiss("menu") { closedPopovers += 1 }
          if plan.steps.contains(.push("detail")), plan.steps.last == .popover("note", anchor: "tip") {
            builtHosts += 1
          }
        } catch {
          // A route the rules refuse takes no step, and only a route without a host is
          // refused: every host here can take its route's screen.
          refused += 1
          #expect(route.destination().host == nil, "seed \(seed): \(route) refused: \(error)")
          #expect(navigator.levelStacks == stacks && log.events.count == seen, "seed \(seed): \(route)")
        }
        expectPopoversOnAnchors(navigator)
      }
    }
    // The routes cover refusals, popovers closed by what arrives over them and hosts
    // built on the way.
    #expect(refused > 0 && closedPopovers > 0 && builtHosts > 0)
  }

  /// Each popover points at an anchor of the entry right below it, and nothing is over it.
  func expectPopoversOnAnchors(_ navigator: Navigator<TestView>) {
    var level: Navigator<TestView>? = navigator
    while let current = level {
      let entries = current.state.entries
      for (index, entry) in entries.enumerated() {
        guard case .popover(let anchor) = entry.presentation else { continue }
        #expect(index == entries.count - 1 && current.subNavigators.isEmpty, "\(navigator.tree)")
        #expect(entries[index - 1].anchors.contains(anchor), "\(navigator.tree)")
      }
      level = current.subNavigators.last
    }
  }
}
