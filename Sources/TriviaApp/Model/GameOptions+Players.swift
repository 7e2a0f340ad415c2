import NightKit

extension GameOptions {
  /// How many take turns at one terminal.
  public static let playerRange = 2...6
  /// `2 to 6 different names`, for messages about players that will not do.
  public static let playersRuleText = "\(playerRange.lowerBound) to \(playerRange.upperBound) different names"

  /// The players of `Ann, Bob`, as `--players` and the options' `players` take them.
  public static func players(_ text: String) -> Result<[String], PlayersProblem> {
    players(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
  }

  /// The names trimmed, each by a night's rules (so that two players never look the same in
  /// the standings), 2 to 6 of them; or the one sentence that says why not.
  public static func players(_ names: [String]) -> Result<[String], PlayersProblem> {
    guard playerRange.contains(names.count) else {
      return .failure(
        PlayersProblem(
          "Players are \(playersRuleText) with commas between, as in Ann, Bob; \(names.count) will not do."))
    }
    var accepted: [String] = []
    for raw in names {
      switch PlayerName.validate(raw, taken: accepted) {
      case .success(let name): accepted.append(name)
      case .failure(let refusal): return .failure(PlayersProblem(refusal.description))
      }
    }
    return .success(accepted)
  }
}

/// Why a list of players will not do, in one sentence.
public struct PlayersProblem: Error, Equatable, Sendable {
  public var sentence: String

  public init(_ sentence: String) {
    self.sentence = sentence
  }
}
