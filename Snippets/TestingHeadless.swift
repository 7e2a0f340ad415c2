// Tests drive a navigator headless with NavigatorKitTesting.
import NavigatorKit
import NavigatorKitTesting
import Testing

enum Route: Hashable { case home, menu }

// snippet.test
@Test func choosingMenuOnHomeShowsItOverHome() throws {
  let renderer = RecordingRenderer<String>()
  let navigator = Navigator<String>(renderer: renderer)
  let events = NavigationRecorder(observing: navigator)
  let router = Router<Route, String>(navigator: navigator) { route in
    switch route {
    case .home: Destination(route, screen: Screen(name: "home", anchors: ["title"]) { "Home" }, transition: .push)
    case .menu: Destination(route, screen: Screen(name: "menu") { "Menu" }, transition: .popover(anchor: "title"))
    }
  }
  try router.reset(to: .home)

  try navigator.expect(on: "home", doing: { try router.navigate(to: .menu) }, shows: "menu", over: "home")
  navigator.expectTree(["home (root)", "  menu (popover on title)"])
  events.expectLast(["root home", "popover menu"])
  #expect(events.plans.last == RoutePlan([.popover("menu", anchor: "title")]))
  #expect(renderer.activeNames == ["home", "menu"])
}
// snippet.end
