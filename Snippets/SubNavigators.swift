// A flow with a navigator of its own, above the current screens.
import NavigatorKit

// snippet.flow
let navigator = Navigator<String>()
try navigator.handle(.root(Screen(name: "home") { "Home" }))
let checkout = Navigator<String>()
try navigator.addSubNavigator(checkout, root: Screen(name: "cart", anchors: ["total"]) { "Cart" })
try checkout.handle(.push(Screen(name: "payment") { "Payment" }))
print(navigator.tree)  // ["home (root)", "  cart (sub-navigator)", "    payment (pushed)"]
print(navigator.activeNavigator === checkout, navigator.activeView ?? "")  // true Payment
try navigator.removeSubNavigator(checkout)  // its screens leave and are released
print(navigator.stack)  // ["home"]
// snippet.end
