// Routes name places; a router finds the way there from wherever the person is.
import NavigatorKit

final class TextView {
  let text: String
  init(_ text: String) { self.text = text }
}

extension Screen where View == TextView {
  static func named(_ name: String, anchors: Set<String> = []) -> Self {
    Self(name: name, anchors: anchors) { TextView(name) }
  }
}

// snippet.routes
enum AppRoute: Hashable {
  case home
  case detail(Int)
  case settings
  case menu
  case log(Int)
}

let navigator = Navigator<TextView>()
let router = Router<AppRoute, TextView>(navigator: navigator) { route in
  switch route {
  case .home:
    Destination(route, screen: .named("home", anchors: ["title"]), transition: .push)
  case .detail(let id):
    Destination(route, screen: .named("detail-\(id)"), transition: .push, host: .home)
  case .settings:
    Destination(route, screen: .named("settings", anchors: ["title"]), transition: .flow, host: .home)
  case .menu:
    Destination(route, screen: .named("menu"), transition: .popover(anchor: "title"), host: .home)
  case .log(let id):
    Destination(route, screen: .named("log-\(id)"), transition: .push, policy: .allowDuplicates)
  }
}
try router.reset(to: .home)  // the first screen, as the root
// snippet.end

// snippet.plan
try router.navigate(to: .detail(1))
print(router.plan(to: .detail(1)))  // "ignored detail-1": already on top
print(router.plan(to: .menu))  // "pop detail-1, popover menu@title": detail has no title anchor
print(router.plan(to: .settings))  // "pop detail-1, flow settings"
try router.navigate(to: .settings)
print(router.plan(to: .menu))  // "popover menu@title": settings has the anchor
print(router.plan(to: .home))  // "end-flow settings": home is in the stack, so it is brought back
// snippet.end

// snippet.policies
try router.navigate(to: .log(1))
print(router.plan(to: .log(1)))  // "push log-1": duplicates allowed
// snippet.end
