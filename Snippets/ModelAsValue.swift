// The navigation model is a plain value with one set of rules.
import NavigatorKit

// snippet.value
let empty = NavigationState<String>()
let home = try empty.applying(.root(Screen(name: "home", anchors: ["title"]) { "Home" }))
let menu = try home.applying(.popover(Screen(name: "menu") { "Menu" }, anchor: "title"))
print(menu.stack)  // ["home", "menu"]
print(menu.tree)  // ["home (root)", "  menu (popover on title)"]
print(home.stack)  // ["home"]: values do not change under you
// snippet.end

// snippet.refusal
do {
  _ = try menu.applying(.push(Screen(name: "detail") { "Detail" }))
} catch {
  print(error == .presentationActive)  // true: dismiss the popover first
}
// snippet.end

// snippet.mutating
var state = menu
let change = try state.apply(.dismiss)
print(change.kind, change.screen)  // dismiss menu
print(state.top?.presentation == .root, state.isPresenting)  // true false
// snippet.end
