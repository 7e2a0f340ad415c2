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

extension ScreenName {
  /// Each screen as a person would name it, after "You are on".
  static let plainWords: [String: String] = [
    "landing": "the start screen", "about": "the about page", "options": "the options",
    "difficulty": "the choice of level", "no-data": "the notice that there are no questions",
    "game": "a question of your round", "feedback": "the verdict on your answer", "complete": "the score of your round",
    "review": "the review of your round", "stats": "your stats", "nights": "the nights you hosted",
    "lobby": "the lobby of the night you host", "host-question": "a question of the night you host",
    "reveal": "an answer told in the night you host", "host-standings": "the standings of the night you host",
    "host-final": "the final scores of the night you host", "waiting": "the wait for the night to start",
    "night-question": "a question of the night", "verdict": "the verdict on your answer in the night",
    "standings": "the standings of the night", "final": "the final scores of the night",
  ]

  /// What `where` says of the screens open, named from the first: the one in front, then
  /// what it is over, in plain words: `You are on the options, over the start screen.`
  public static func whereYouAre(_ names: [String]) -> String {
    let words = names.reversed().map { plainWords[$0] ?? $0 }
    guard let front = words.first else { return "No screen is open." }
    return "You are on " + ([front] + words.dropFirst().map { "over " + $0 }).joined(separator: ", ") + "."
  }
}
