import ScreenKit

/// A night's standings between questions, for the host and every player: the rows the app
/// chose to show (the top ten), who moved, and the player's own row when it is further down.
public final class StandingsScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// `Standings after question 3 of 10`.
    public var heading: String
    public var rows: [StandingRow]
    /// The player's own row, when it is not among `rows`; shown after a `…` line.
    public var you: StandingRow?

    public init(heading: String, rows: [StandingRow], you: StandingRow? = nil) {
      self.heading = heading
      self.rows = rows
      self.you = you
    }
  }

  public let state: State
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "standings" }

  public func render() -> [Line] {
    ["", Line(state.heading, style: .title)] + StandingRow.table(state.rows, you: state.you)
  }

  public var commands: CommandTable { CommandTable() }
}
