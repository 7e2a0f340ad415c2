/// A check the navigator runs before every navigation that moves a screen of that name,
/// whatever the navigation: push, pop, dismiss, root or a deep link's plan.
struct NavigationGuard {
  let id: Int
  let screen: String
  let direction: GuardDirection
  let decide: () -> GuardDecision
}
