import NavigatorKit
import ScreenKit

/// The name the navigator holds a screen under. Guards, `close…`, the commands offered on a
/// screen and the trace match on these: each is declared once, with its screen's place, so a
/// misspelt screen does not compile and a new screen needs no list of them all.
public struct ScreenName: RawRepresentable, Hashable, Sendable {
  public let rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }
}

extension Screen where View == any TerminalView {
  /// A screen of this game, named by `ScreenName`.
  init(_ name: ScreenName, anchors: Set<String> = [], build: @escaping () -> View) {
    self.init(name: name.rawValue, anchors: anchors, build: build)
  }
}

extension NavigationState {
  /// Whether the view taking input is `name`'s.
  func isActive(_ name: ScreenName) -> Bool { activeName == name.rawValue }
}
