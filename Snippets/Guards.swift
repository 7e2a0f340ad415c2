// Guards decide whether a screen may arrive or leave, whatever the navigation.
import NavigatorKit

var isDirty = true

// snippet.guard
let navigator = Navigator<String>()
try navigator.handle(.root(Screen(name: "list") { "List" }))
try navigator.handle(.push(Screen(name: "editor") { "Editor" }))
let token = navigator.addGuard(.leave, screen: "editor") {
  isDirty ? .confirm("Discard changes?") : .allow
}
navigator.addGuard(.enter, screen: "admin") { .deny("You are not an administrator.") }
navigator.confirm = { question in
  print(question)
  return false  // a real app asks the person
}
// snippet.end

// snippet.refusals
do {
  try navigator.handle(.pop)
} catch .cancelled(let question) {
  print("stayed: \(question)")
} catch .denied(let reason) {
  print(reason)
} catch {
  print("refused by the rules: \(error)")
}
navigator.remove(token)
try navigator.handle(.pop)  // no guard left on the editor
// snippet.end
