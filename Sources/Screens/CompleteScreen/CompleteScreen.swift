import ScreenKit

/// The end of a round: the score and a word about it.
public final class CompleteScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public var score: Int
    public var total: Int
    public var message: [String]
    /// The most right answers in a row; said from 2 on.
    public var bestRun: Int
    /// Where players took turns: the standings, said instead of the score.
    public var standings: [StandingRow]

    public init(score: Int, total: Int, message: [String], bestRun: Int = 0, standings: [StandingRow] = []) {
      self.standings = standings
      self.score = score
      self.total = total
      self.message = message
      self.bestRun = bestRun
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  /// The next round, with the same options.
  public var onPlay: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "round over" }

  public func render() -> [Line] {
    ["", Line("Round complete", style: .title)]
      + (state.standings.isEmpty
        ? [Line("Score: \(state.score)/\(state.total)", style: .emphasis)]
        : StandingRow.table(state.standings, moves: false))
      + state.message.map { Line($0) }
      + (state.bestRun >= 2 ? [Line("Best run: \(state.bestRun) in a row.")] : []) + [
        Line("Type play for another round, or done to return to the start.", style: .dim)
      ]
  }

  public var commands: CommandTable {
    CommandTable([
      Command("play", summary: "start another round") { [weak self] in self?.onPlay?() },
      Command("done", summary: "return to the start") { [weak self] in self?.onDone?() },
    ])
  }
}
