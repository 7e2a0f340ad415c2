import NavigatorKit
import ScreenKit

/// The game's screens, by the name the navigator holds each under. Guards, `close…` and
/// the trace match on these: a misspelt screen does not compile.
public enum ScreenName: String, CaseIterable, Sendable {
  case landing, game, feedback, complete, options, difficulty, stats, review, about
  case noData = "no-data"
  // A night's: the host's, then a player's.
  case lobby, reveal
  case hostQuestion = "host-question"
  case hostStandings = "host-standings"
  case hostFinal = "host-final"
  case waiting, verdict, standings, final
  case nightQuestion = "night-question"

  /// The screens a night's host is on.
  static let hosting: Set<ScreenName> = [.lobby, .hostQuestion, .reveal, .hostStandings, .hostFinal]
  /// The screens a night's player is on.
  static let playing: Set<ScreenName> = [.waiting, .nightQuestion, .verdict, .standings, .final]
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
