// Measures NavigatorKit on a deep stack: push/pop steps and Router deep-link resolutions
// per second at `--depth` (100 by default), and the same at `--baseline-depth` (10) as
// the baseline measured in the same run. Prints one JSON object; Benchmarks/bench.py runs
// it several times and takes medians.
import NavigatorKit

/// A stand-in view: NavigatorKit works with any view type.
final class BenchView {
  let name: String

  init(_ name: String) {
    self.name = name
  }
}

/// Counts renders, as a real renderer is called once per accepted navigation.
final class CountingRenderer: NavigationRenderer {
  var renders = 0

  func render(_ state: NavigationState<BenchView>) {
    renders += 1
  }
}

enum BenchRoute: Hashable {
  case home
  case item(Int)
}

extension Screen where View == BenchView {
  static func named(_ name: String) -> Self {
    Self(name: name) { BenchView(name) }
  }
}

/// A navigator whose stack is `home` and then `item-1` … `item-(depth-1)`, with a
/// renderer, an observer and a router, as an app would have them.
struct Fixture {
  let navigator: Navigator<BenchView>
  let renderer: CountingRenderer
  let router: Router<BenchRoute, BenchView>
  let depth: Int
  let events = EventCounter()

  init(depth: Int) throws(NavigationError) {
    self.depth = depth
    renderer = CountingRenderer()
    navigator = Navigator<BenchView>(renderer: renderer)
    let counter = events
    navigator.addObserver { _ in counter.count += 1 }
    router = Router(navigator: navigator) { route in
      switch route {
      case .home:
        Destination(route, screen: .named("home"), transition: .push)
      case .item(let id):
        Destination(route, screen: .named("item-\(id)"), transition: .push)
      }
    }
    try router.reset(to: .home)
    for id in 1..<depth { try router.navigate(to: .item(id)) }
    precondition(navigator.stack.count == depth, "the fixture has the wrong depth")
  }
}

final class EventCounter {
  var count = 0
}

/// Runs `body` (which returns how many operations it did) until `seconds` have passed,
/// and returns operations per second.
func rate(seconds: Double, _ body: () throws(NavigationError) -> Int) throws(NavigationError) -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  var operations = 0
  var elapsed = Duration.zero
  repeat {
    operations += try body()
    elapsed = clock.now - start
  } while elapsed < .milliseconds(Int(seconds * 1000))
  let (whole, attoseconds) = elapsed.components
  return Double(operations) / (Double(whole) + Double(attoseconds) * 1e-18)
}

/// Push a screen then pop it, on top of the fixture's stack.
func pushPop(_ fixture: Fixture, seconds: Double) throws(NavigationError) -> Double {
  let screen = Screen<BenchView>.named("extra")
  return try rate(seconds: seconds) { () throws(NavigationError) in
    for _ in 0..<50 {
      try fixture.navigator.handle(.push(screen))
      try fixture.navigator.handle(.pop)
    }
    return 100
  }
}

/// Router.plan for three kinds of link: one in the middle of the stack (brought back by
/// popping half of it), a new one (pushed), and the one on top (ignored).
func resolve(_ fixture: Fixture, seconds: Double) throws(NavigationError) -> Double {
  let routes: [BenchRoute] = [.item(fixture.depth / 2), .item(fixture.depth + 7), .item(fixture.depth - 1)]
  var steps = 0
  let result = try rate(seconds: seconds) { () throws(NavigationError) in
    for _ in 0..<10 {
      for route in routes { steps += fixture.router.plan(to: route).steps.count }
    }
    return 10 * routes.count
  }
  precondition(steps > 0, "plans were empty")
  return result
}

/// Router.navigate to a new link (a push) and back to the previous top (a pop), so the
/// stack keeps its depth.
func navigate(_ fixture: Fixture, seconds: Double) throws(NavigationError) -> Double {
  let back = BenchRoute.item(fixture.depth - 1)
  let result = try rate(seconds: seconds) { () throws(NavigationError) in
    for _ in 0..<10 {
      try fixture.router.navigate(to: .item(fixture.depth + 1))
      try fixture.router.navigate(to: back)
    }
    return 20
  }
  precondition(fixture.navigator.stack.count == fixture.depth, "navigating changed the depth")
  return result
}

func option(_ name: String, default value: Double) -> Double {
  let arguments = CommandLine.arguments
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let parsed = Double(arguments[index + 1])
  else { return value }
  return parsed
}

let depth = Int(option("--depth", default: 100))
let baselineDepth = Int(option("--baseline-depth", default: 10))
let seconds = option("--seconds", default: 0.3)

do {
  let deep = try Fixture(depth: depth)
  let shallow = try Fixture(depth: baselineDepth)
  var results: [(String, Double)] = []
  results.append(("push_pop_per_s", try pushPop(deep, seconds: seconds)))
  results.append(("push_pop_per_s_baseline", try pushPop(shallow, seconds: seconds)))
  results.append(("plan_per_s", try resolve(deep, seconds: seconds)))
  results.append(("plan_per_s_baseline", try resolve(shallow, seconds: seconds)))
  results.append(("navigate_per_s", try navigate(deep, seconds: seconds)))
  results.append(("navigate_per_s_baseline", try navigate(shallow, seconds: seconds)))
  precondition(deep.events.count > 0 && deep.renderer.renders > 0, "no events or renders")
  let fields = [("depth", Double(depth)), ("baseline_depth", Double(baselineDepth))] + results
  print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
} catch {
  fatalError("NavigatorBenchmark: navigation failed: \(error)")
}
