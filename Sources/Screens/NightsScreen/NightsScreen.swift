import ScreenKit

/// The trivia nights hosted here: the list, newest first, or one night's final table. It
/// shows what it is given and reports only that the player is done.
public final class NightsScreen: TerminalView {
  public enum State: Equatable, Sendable {
    /// Every night, newest first.
    case list([Night])
    /// One night's final table.
    case table(Table)
  }

  /// A night as the list shows it.
  public struct Night: Equatable, Sendable {
    /// What `nights N` opens it with.
    public var number: Int
    public var date: String
    public var title: String
    public var players: Int
    /// The first place; nil when nobody played.
    public var winner: StandingRow?

    public init(number: Int, date: String, title: String, players: Int, winner: StandingRow?) {
      self.number = number
      self.date = date
      self.title = title
      self.players = players
      self.winner = winner
    }
  }

  /// A night's final table, as its host's screen ended it.
  public struct Table: Equatable, Sendable {
    public var number: Int
    public var date: String
    public var title: String
    /// What was played: `3 questions of 20 seconds from bundled`, and how it ended.
    public var summary: String
    public var rows: [StandingRow]

    public init(number: Int, date: String, title: String, summary: String, rows: [StandingRow]) {
      self.number = number
      self.date = date
      self.title = title
      self.summary = summary
      self.rows = rows
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "nights" }

  /// A title this wide at most in the list; a longer one ends in `…`.
  static let titleWidth = 24

  public func render() -> [Line] {
    switch state {
    case .list(let nights): list(nights)
    case .table(let table): self.table(table)
    }
  }

  private func list(_ nights: [Night]) -> [Line] {
    let titles = nights.map { $0.title.count > Self.titleWidth ? $0.title.prefix(Self.titleWidth - 1) + "…" : $0.title }
    let numberWidth = max(1, nights.map { String($0.number).count }.max() ?? 0)
    let titleWidth = max(5, titles.map(\.count).max() ?? 0)
    func row(_ number: String, _ date: String, _ title: String, _ players: String, _ winner: String) -> String {
      "  " + number.leftPadded(to: numberWidth) + "  " + date.padded(to: 10) + "  " + title.padded(to: titleWidth)
        + "  " + players.leftPadded(to: 7) + "  " + winner
    }
    return [
      "", Line("Nights hosted here", style: .title),
      Line(row("#", "Date", "Title", "Players", "Winner"), style: .dim),
    ]
      + zip(nights, titles).map { night, title in
        Line(
          row(
            String(night.number), night.date, title, NumberText.grouped(night.players),
            night.winner.map { "\($0.name) (\(NumberText.grouped($0.score)))" } ?? "nobody"))
      } + [Line("Type nights N for night N's final table, done to go back.", style: .dim)]
  }

  private func table(_ table: Table) -> [Line] {
    let names = table.rows.map { $0.hasLeft ? $0.name + " (left)" : $0.name }
    let placeWidth = table.rows.map { String($0.place).count }.max() ?? 0
    let nameWidth = names.map(\.count).max() ?? 0
    let scoreWidth = table.rows.map { NumberText.grouped($0.score).count }.max() ?? 0
    let rows = zip(table.rows, names).map { row, name in
      Line(
        "  " + String(row.place).leftPadded(to: placeWidth) + "  " + name.padded(to: nameWidth) + "  "
          + NumberText.grouped(row.score).leftPadded(to: scoreWidth),
        style: row.hasLeft ? .dim : .plain)
    }
    return [
      "", Line("Night \(table.number): \(table.title), \(table.date)", style: .title),
      Line(table.summary, style: .dim),
    ] + (rows.isEmpty ? [Line("  Nobody played.")] : rows) + [Line("Type done to go back.", style: .dim)]
  }

  public var commands: CommandTable {
    CommandTable([Command("done", summary: "go back") { [weak self] in self?.onDone?() }])
  }
}
