// A renderer shows the state after each accepted navigation; NavigatorKit does no I/O.
import NavigatorKit

// snippet.renderer
final class Label {
  var text: String
  init(_ text: String) { self.text = text }
}

final class ConsoleRenderer: NavigationRenderer {
  func render(_ state: NavigationState<Label>) {
    guard let view = state.active else { return }
    let over = state.entries.dropLast().last.map { " (over \($0.name))" } ?? ""
    print("[\(state.activeName ?? "")] \(view.text)\(over)")
  }
}

let renderer = ConsoleRenderer()  // the navigator holds it weakly
let navigator = Navigator<Label>(renderer: renderer)
try navigator.handle(.root(Screen(name: "clock") { Label("12:00") }))  // [clock] 12:00
try navigator.handle(.present(Screen(name: "alarm") { Label("Wake up") }))  // [alarm] Wake up (over clock)
// snippet.end

// snippet.refresh
navigator.topmost(Label.self)?.text = "Snooze"
navigator.refresh()  // [alarm] Snooze (over clock)
// snippet.end
