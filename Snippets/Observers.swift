// Observers see every event; a router's events carry its plan.
import NavigatorKit

enum Route: Hashable { case home, detail }

// snippet.observer
let navigator = Navigator<String>()
navigator.addObserver { event in
  let plan = (event.cause as? RoutePlan).map { " plan: \($0)" } ?? ""
  print("\(event.sequence) \(event.kind.rawValue) \(event.screen) \(event.stack)\(plan)")
}
let router = Router<Route, String>(navigator: navigator) { route in
  switch route {
  case .home: Destination(route, screen: Screen(name: "home") { "Home" }, transition: .push)
  case .detail: Destination(route, screen: Screen(name: "detail") { "Detail" }, transition: .push, host: .home)
  }
}
try router.reset(to: .home)  // 1 root home ["home"]
try router.navigate(to: .detail)  // 2 push detail ["home", "detail"] plan: push detail
try router.navigate(to: .detail)  // 3 ignored detail ["home", "detail"] plan: ignored detail
try navigator.handle(.pop)  // 4 pop detail ["home"]
// snippet.end

// snippet.cause
try navigator.batch(cause: "undo") {
  try navigator.handle(.push(Screen(name: "detail") { "Detail" }))
}  // 5 push detail ["home", "detail"], with "undo" as its cause
// snippet.end
