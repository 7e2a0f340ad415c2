import ScreenKit

/// The end of a round in words, by the share of right answers.
public struct RoundResult: Equatable, Sendable {
  public var score: Int
  public var total: Int
  /// The most right answers in a row.
  public var bestRun: Int
  /// `New best for History at 10 questions: 9/10`, when the round beat the best before it.
  public var newBest: String?
  /// A round of turns: the players best first, each with its place; empty for one player.
  public var standings: [Round.Standing]

  public init(
    score: Int, total: Int, bestRun: Int = 0, newBest: String? = nil,
    standings: [Round.Standing] = []
  ) {
    self.standings = standings
    self.score = score
    self.total = total
    self.bestRun = bestRun
    self.newBest = newBest
  }

  public var message: [String] {
    if let first = standings.first?.player {
      guard first.points > 0 else { return ["Nobody scored."] }
      let points = "\(NumberText.grouped(first.points)) points"
      // Equal points go to the one quicker over the round: said, so a tie is not a mystery.
      let tied = standings.dropFirst().map(\.player).filter { $0.points == first.points }
      guard let next = tied.first else { return ["\(first.name) wins with \(points)."] }
      let others = tied.map(\.name).joined(separator: " and ")
      return next.milliseconds > first.milliseconds
        ? ["\(first.name) wins on time: tied with \(others) at \(points), and quicker."]
        : ["\(first.name) and \(others) tie at \(points); \(first.name) played first."]
    }
    let fraction = total == 0 ? 0 : Double(score) / Double(total)
    let tally = "You answered \(score) of \(total) correctly."
    switch fraction {
    case ...0.1: return ["Perfectly imperfect!"]
    case ...0.45: return ["Don't quit your day job.", tally]
    case 0.99...: return ["Congratulations! You answered all \(total) correctly."]
    default: return ["Good job!", tally]
    }
  }
}
