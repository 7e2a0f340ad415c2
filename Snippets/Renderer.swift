// A renderer shows the state after each accepted navigation; NavigatorKit does no I/O.
import NavigatorKit

// snippet.renderer
/// What the app knows; screens read it as they draw, so none keeps a copy that goes stale.
final class Clock {
  var time = "12:00"
}

struct Label {
  let text: () -> String
}

final class ConsoleRenderer: NavigationRenderer {
  func render(_ state: NavigationState<Label>) {
    guard let view = state.active else { return }
    let over = state.entries.dropLast().last.map { " (over \($0.name))" } ?? ""
    print("[\(state.activeName ?? "")] \(view.text())\(over)")
  }
}

let clock = Clock()
let renderer = ConsoleRenderer()  // the navigator holds it weakly
let navigator = Navigator<Label>(renderer: renderer)
try navigator.handle(.root(Screen(name: "clock") { Label { clock.time } }))  // [clock] 12:00
try navigator.handle(.present(Screen(name: "alarm") { Label { "Wake up, it is \(clock.time)" } }))
// [alarm] Wake up, it is 12:00 (over clock)
// snippet.end

// snippet.refresh
clock.time = "12:01"
navigator.refresh()  // [alarm] Wake up, it is 12:01 (over clock)
// snippet.end
