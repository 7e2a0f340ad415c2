import FoundationEssentials
import TriviaData

extension GameOptions {
  /// Options read from a file's bytes, each value within what the game takes; or why not.
  public static func decode(_ bytes: [UInt8]) -> Result<GameOptions, KeptFile.Problem> {
    guard let options = try? JSONDecoder().decode(GameOptions.self, from: Data(bytes)) else {
      return .failure(KeptFile.Problem("is not a valid options file"))
    }
    guard countRange.contains(options.questionCount) else {
      return .failure(KeptFile.Problem("says questionCount \(options.questionCount), not \(countRangeText)"))
    }
    guard options.timeLimit.map(allowsTime) != false else {
      return .failure(KeptFile.Problem("says timeLimit \(options.timeLimit ?? 0), not \(timeRangeText)"))
    }
    if let players = options.players, (try? Self.players(players).get()) != players {
      return .failure(KeptFile.Problem("says players \(players), not \(playersRuleText)"))
    }
    return .success(options)
  }
}
