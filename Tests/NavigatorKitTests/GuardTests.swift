import NavigatorKit
import NavigatorKitTesting
import Testing

@Suite("Guards")
struct GuardTests {
  @Test func aLeaveGuardAppliesToEveryWayOfLeaving() throws {
    let exits: [[Navigation<TestView>]] = [[.pop], [.popToRoot], [.root(.named("fresh"))]]
    for exit in exits {
      let (navigator, _, _) = try makeNavigator()
      try navigator.handle(.push(.named("game")))
      navigator.addGuard(.leave, screen: "game") { .deny("a round is running") }
      #expect(throws: NavigationError.denied("a round is running")) { try navigator.perform(exit) }
      #expect(navigator.state.stack == ["home", "game"])
    }
  }

  @Test func aLeaveGuardSeesDismissAndChildRemoval() throws {
    let (navigator, _, _) = try makeNavigator()
    try navigator.handle(.present(.named("modal")))
    try navigator.handle(.addChild(.named("overlay")))
    var asked: [String] = []
    navigator.addGuard(.leave, screen: "overlay") {
      asked.append("overlay")
      return .allow
    }
    navigator.addGuard(.leave, screen: "modal") {
      asked.append("modal")
      return .allow
    }
    try navigator.handle(.removeChild)
    try navigator.handle(.dismiss)
    #expect(asked == ["overlay", "modal"])
  }

  @Test func aPopoverClosedByAModalIsAskedAsItLeaves() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.popover(.named("menu"), anchor: "line"))
    let token = navigator.addGuard(.leave, screen: "menu") { .deny("choose first") }
    #expect(throws: NavigationError.denied("choose first")) { try navigator.handle(.present(.named("options"))) }
    #expect(navigator.state.stack == ["home", "menu"])
    navigator.remove(token)
    navigator.addGuard(.leave, screen: "menu") { .allow }
    try navigator.handle(.present(.named("options")))
    log.expectLast(["dismiss menu", "present options"])
  }

  @Test func confirmationIsAskedOnceAndDecides() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    try navigator.handle(.addChild(.named("feedback")))
    navigator.addGuard(.leave, screen: "game") { .confirm("Abandon this round?") }
    navigator.addGuard(.leave, screen: "feedback") { .confirm("Abandon this round?") }
    var questions: [String] = []
    navigator.confirm = { question in
      questions.append(question)
      return false
    }
    #expect(throws: NavigationError.cancelled("Abandon this round?")) { try navigator.handle(.pop) }
    #expect(navigator.state.stack == ["home", "game"])
    #expect(questions == ["Abandon this round?"])
    navigator.confirm = { _ in true }
    try navigator.handle(.pop)
    #expect(navigator.state.stack == ["home"])
    #expect(log.kinds.last == .pop)
  }

  @Test func withoutAConfirmHandlerConfirmationMeansNo() throws {
    let (navigator, _, _) = try makeNavigator()
    try navigator.handle(.push(.named("game")))
    navigator.addGuard(.leave, screen: "game") { .confirm("Sure?") }
    #expect(throws: NavigationError.cancelled("Sure?")) { try navigator.handle(.pop) }
  }

  @Test func anEnterGuardStopsAScreenArriving() throws {
    let (navigator, _, _) = try makeNavigator()
    let token = navigator.addGuard(.enter, screen: "secret") { .deny("locked") }
    #expect(throws: NavigationError.denied("locked")) { try navigator.handle(.push(.named("secret"))) }
    #expect(throws: NavigationError.denied("locked")) { try navigator.handle(.present(.named("secret"))) }
    navigator.remove(token)
    try navigator.handle(.push(.named("secret")))
    #expect(navigator.state.stack == ["home", "secret"])
  }

  @Test func guardsDoNotFireForScreensThatStay() throws {
    let (navigator, _, _) = try makeNavigator()
    var calls = 0
    navigator.addGuard(.leave, screen: "home") {
      calls += 1
      return .deny("never")
    }
    try navigator.handle(.push(.named("a")))
    try navigator.handle(.pop)
    #expect(calls == 0)
  }
}
