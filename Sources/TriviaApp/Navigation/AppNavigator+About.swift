import AboutScreen
import NavigatorKit
import ScreenKit

extension ScreenName {
  public static let about = ScreenName(rawValue: "about")
}

extension Place {
  /// Over the screen it was asked from, the options' own included.
  static var about: Place { Place(.about, transition: .present) }
}

extension AppNavigator: AboutNavigating {
  public func showAbout(_ about: About, onDone: @escaping () -> Void) {
    show(.about, .about(about, onDone))
  }

  public func closeAbout() {
    dismiss(.about)
  }
}

extension Screen where View == any TerminalView {
  static func about(_ about: About, _ onDone: @escaping () -> Void) -> Self {
    Self(.about) {
      let screen = AboutScreen(
        state: .init(
          version: about.version, files: about.files.map { .init(holds: $0.holds, path: $0.path) },
          source: about.source, credits: about.credits))
      screen.onDone = onDone
      screen.onBack = onDone
      return screen
    }
  }
}
