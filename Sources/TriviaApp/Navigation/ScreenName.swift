import NavigatorKit
import ScreenKit

/// The game's screens, by the name the navigator holds each under. Guards, `close…` and
/// the trace match on these: a misspelt screen does not compile.
public enum ScreenName: String, CaseIterable, Sendable {
  case landing, game, feedback, complete, options, difficulty, stats, review, about
  case noData = "no-data"
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
