import NavigatorKit
import ScreenKit
import TriviaData

/// A screen of this app as the navigator holds it.
public typealias TriviaScreen = Screen<any TerminalView>

/// The only place that builds screens and wires their closures. Flows ask it, through their
/// own protocols, to show things; it turns that into routes and navigation steps. It keeps
/// no model: screens read what they show from the flows that own it.
@MainActor
public final class AppNavigator {
  public let navigator: Navigator<any TerminalView>
  /// Where refusals and guard answers are told.
  private let console: any Console
  /// The screen of each place, set as the place is shown; the router builds one only when it
  /// must. The landing's stays, for the routes that pass through it on their way.
  var screens: [ScreenName: TriviaScreen] = [:]
  /// Remembers which place each screen it built shows, to skip or bring back a place.
  private(set) lazy var router = Router<Place, any TerminalView>(navigator: navigator) { [unowned self] place in
    destination(place)
  }
  /// The guard and the observer of the round on screen, replaced with each new game.
  var roundWatch: [Navigator<any TerminalView>.Token] = []
  /// The terminal's size as a screen is drawn (it may be resized); nil when not a terminal.
  public var terminalSize: () -> TerminalSize? = { nil }

  public init(navigator: Navigator<any TerminalView>, console: any Console) {
    self.navigator = navigator
    self.console = console
  }

  /// Shows what the screens read again, after it changed without a navigation.
  public func redraw() {
    navigator.refresh()
  }

  /// Shows `screen` at `place`: the one way a screen is reached. The router skips the place
  /// when it is on top and brings it back when it is open; else it builds `screen`, after
  /// closing what is in the way.
  @discardableResult
  func show(_ place: Place, _ screen: TriviaScreen) -> Bool {
    screens[place.screen] = screen
    return follow(place)
  }

  /// Follows `place` with the router's policies, to the screen its flow last set.
  @discardableResult
  func follow(_ place: Place) -> Bool {
    attempt { () throws(NavigationError) in try router.navigate(to: place) }
  }

  /// Where each place is shown, and its screen as the flow that shows it last set it.
  private func destination(_ place: Place) -> Destination<Place, any TerminalView> {
    guard let screen = screens[place.screen] else {
      preconditionFailure("\(place.screen.rawValue) was followed before its flow said how to build it")
    }
    return Destination(
      place, screen: screen, transition: place.transition, policy: place.policy, host: place.host,
      shownOver: Set(place.shownOver.map(\.rawValue)))
  }

  /// Back to the landing from anywhere, closing what is open. False when a guard kept the
  /// player where they were. From a link, being there already is an ignored navigation.
  @discardableResult
  public func returnToLanding(fromLink: Bool) -> Bool {
    if !fromLink, navigator.stack == [ScreenName.landing.rawValue] { return true }
    return attempt { () throws(NavigationError) in try router.navigate(to: .landing) }
  }

  /// Dismisses `name` if it is the screen taking input: the player may have left it already.
  func dismiss(_ name: ScreenName) {
    guard navigator.activeState.isActive(name) else { return }
    attempt { () throws(NavigationError) in try navigator.activeNavigator.handle(.dismiss) }
  }

  /// Runs navigations. A guard's refusal is told to the player and leaves the screen as it
  /// was; any other refusal is a bug worth seeing rather than a crash.
  @discardableResult
  func attempt(_ body: () throws(NavigationError) -> Void) -> Bool {
    do {
      try body()
      return true
    } catch .cancelled {
      console.write([Line("Staying here.", style: .dim)])
      navigator.refresh()
    } catch .denied(let reason) {
      console.write([Line(reason, style: .failure)])
    } catch {
      console.write([Line("Navigation refused: \(error)", style: .failure)])
    }
    return false
  }
}
