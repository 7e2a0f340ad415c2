import NavigatorKit
import NavigatorKitTesting
import Testing

/// Every refused navigation throws its own error and leaves the model, the observers and
/// the renderer untouched.
@Suite("Navigator errors")
struct NavigationErrorTests {
  static var cases: [(String, [Navigation<TestView>], Navigation<TestView>, NavigationError)] {
    [
      ("pop at root", [], .pop, .popAtRoot),
      ("pop to root at root", [], .popToRoot, .popAtRoot),
      ("dismiss with nothing presented", [], .dismiss, .nothingPresented),
      ("push over a modal", [.present(.named("m"))], .push(.named("x")), .presentationActive),
      ("pop under a modal", [.push(.named("a")), .present(.named("m"))], .pop, .presentationActive),
      ("pop to root under a modal", [.push(.named("a")), .present(.named("m"))], .popToRoot, .presentationActive),
      (
        "popover on a popover, on an anchor the screen below lacks", [.popover(.named("p"), anchor: "line")],
        .popover(.named("q"), anchor: "nowhere"), .unknownAnchor("nowhere", screen: "home")
      ),
      (
        "popover on an unknown anchor", [], .popover(.named("p"), anchor: "nowhere"),
        .unknownAnchor("nowhere", screen: "home")
      ),
      ("remove a child that is not there", [], .removeChild, .noChild),
    ]
  }

  @Test(arguments: 0..<9)
  func refusedNavigationChangesNothing(_ index: Int) throws {
    let (name, setup, step, expected) = Self.cases[index]
    let (navigator, renderer, log) = try makeNavigator()
    for navigation in setup { try navigator.handle(navigation) }
    let stack = navigator.state.stack
    let events = log.events.count
    let renders = renderer.count
    #expect(throws: expected, "\(name)") { try navigator.handle(step) }
    #expect(navigator.state.stack == stack)
    #expect(log.events.count == events)
    #expect(renderer.count == renders)
  }

  @Test func everyCaseIsExercised() {
    #expect(Self.cases.count == 9)
  }

  @Test func anEmptyNavigatorRefusesEverythingButRoot() {
    let navigator = Navigator<TestView>()
    let steps: [(Navigation<TestView>, NavigationError)] = [
      (.push(.named("a")), .noRoot), (.pop, .noRoot), (.popToRoot, .noRoot), (.present(.named("m")), .noRoot),
      (.dismiss, .nothingPresented), (.popover(.named("p"), anchor: "x"), .noPresenter),
      (.addChild(.named("c")), .noRoot), (.removeChild, .noRoot),
    ]
    for (step, error) in steps {
      #expect(throws: error) { try navigator.handle(step) }
    }
    #expect(navigator.state.entries.isEmpty)
    #expect(navigator.state.active == nil)
  }

  @Test func aBatchWithOneBadStepKeepsNoneOfIt() throws {
    let (navigator, _, log) = try makeNavigator()
    #expect(throws: NavigationError.popAtRoot) {
      try navigator.perform([.push(.named("a")), .pop, .pop])
    }
    #expect(navigator.state.stack == ["home"])
    #expect(log.events.count == 1)
  }

  @Test func errorsReadAsSentences() {
    #expect(NavigationError.popAtRoot.description == "already at the first screen")
    #expect(NavigationError.unknownAnchor("x", screen: "home").description == "home has no anchor 'x'")
  }
}
