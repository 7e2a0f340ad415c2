import ScreenKit

/// The end of a night, for the host and every player: the first three, then the whole table.
public final class PodiumScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// The night's name.
    public var title: String
    /// The first three rows, or fewer in a smaller night.
    public var podium: [StandingRow]
    /// The whole table.
    public var rows: [StandingRow]
    /// The player's own row, when it is not among `rows`; shown after a `…` line.
    public var you: StandingRow?
    /// Why the night ended before its last question, as in `The host ended the night.`
    public var reason: String?

    public init(
      title: String, podium: [StandingRow], rows: [StandingRow], you: StandingRow? = nil, reason: String? = nil
    ) {
      self.title = title
      self.podium = podium
      self.rows = rows
      self.you = you
      self.reason = reason
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "final" }

  public func render() -> [Line] {
    let nameWidth = state.podium.map(\.name.count).max() ?? 0
    let podium = state.podium.map { row in
      Line("  " + NumberText.ordinal(row.place).padded(to: 4) + "  ", style: .title)
        + Line(row.name.padded(to: nameWidth), style: row.isYou ? .emphasis : .plain)
        + Line("  \(NumberText.grouped(row.score)) points", style: .dim)
    }
    // A night ended before any question closed has no table: its reason alone.
    let table: [Line] =
      state.rows.isEmpty
      ? []
      : podium + ["", Line("Everyone", style: .emphasis)] + StandingRow.table(state.rows, you: state.you, moves: false)
    return ["", Line(state.title + (state.rows.isEmpty ? ": the night is over" : ": final standings"), style: .title)]
      + (state.reason.map { [Line($0, style: .dim)] } ?? [])
      + table
      + [Line("Type done to leave the night.", style: .dim)]
  }

  public var commands: CommandTable {
    CommandTable([Command("done", summary: "leave the night") { [weak self] in self?.onDone?() }])
  }
}
