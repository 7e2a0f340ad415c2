// Screens are recipes; navigations are the steps the navigator takes with them.
import NavigatorKit

/// Any type can be the view: NavigatorKit never looks inside it.
final class TextView {
  let text: String
  var onClose: () -> Void = {}
  init(_ text: String) { self.text = text }
}

// snippet.factories
extension Screen where View == TextView {
  static var home: Self { Self(name: "home", anchors: ["title"]) { TextView("Home") } }
  static func detail(_ item: Int) -> Self { Self(name: "detail") { TextView("Item \(item)") } }
  static var menu: Self { Self(name: "menu") { TextView("Menu") } }
}
// snippet.end

// snippet.steps
let navigator = Navigator<TextView>()
try navigator.handle(.root(.home))
try navigator.handle(
  .push(.detail(7)),
  configure: { view in view.onClose = { print("closed") } },  // before it is shown
  completion: { view in print("showing \(view.text)") })  // after the renderer showed it
try navigator.handle(.pop)
try navigator.handle(.popover(.menu, anchor: "title"))  // the screen below must have the anchor
try navigator.perform([.dismiss, .push(.detail(1)), .push(.detail(2))])  // checked first, one render
print(navigator.stack)  // ["home", "detail", "detail"]
try navigator.handle(.popToRoot)
// snippet.end

// snippet.refused
do {
  try navigator.handle(.pop)
} catch {
  print(error)  // "already at the first screen": a refused step changes nothing
}
// snippet.end
