import NavigatorKit
import NavigatorKitTesting
import Testing

/// NavigatorKitTesting's expectations pass when the navigation matches and record an issue
/// when it does not.
@Suite("NavigatorKitTesting expectations")
struct ExpectationTests {
  @Test func theyPassOnWhatIsShowing() throws {
    let (navigator, _, log) = try makeNavigator()
    try navigator.expect(
      on: "home", doing: { try navigator.handle(.popover(.named("menu"), anchor: "line")) }, shows: "menu",
      over: "home")
    try navigator.handle(.dismiss)
    try navigator.handle(.addChild(.named("overlay")))
    navigator.expectShowing("overlay", over: "home")
    navigator.expectStack(["home"])
    navigator.expectTree(["home (root)", "  overlay (child)"])
    log.expectLast(["dismiss menu", "child overlay"])
    #expect(navigator.screenBelowActive == "home")
  }

  @Test func theyRecordAnIssueOtherwise() throws {
    let (navigator, _, log) = try makeNavigator()
    withKnownIssue { navigator.expectShowing("home", over: "menu") }
    withKnownIssue { navigator.expectStack(["home", "menu"]) }
    withKnownIssue { navigator.expectTree([]) }
    withKnownIssue { log.expectLast(["push home"]) }
    withKnownIssue {
      navigator.expect(on: "menu", doing: {}, shows: "home", over: nil)
    }
  }
}
