import ScreenKit

/// How the player has done: a few lines, then a bar per category and level, fitting 80
/// columns. It shows what it is given and reports only that the player is done.
public final class StatsScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// One line of a table: how many of `answered` were right.
    public struct Row: Equatable, Sendable {
      public var label: String
      public var right: Int
      public var answered: Int

      public init(label: String, right: Int, answered: Int) {
        self.label = label
        self.right = right
        self.answered = answered
      }
    }

    public var title: String
    public var summary: [String]
    /// Headed tables of rows, in order.
    public var tables: [(heading: String, rows: [Row])]
    /// Lines under "Best scores".
    public var best: [String]

    public init(title: String, summary: [String], tables: [(heading: String, rows: [Row])] = [], best: [String] = []) {
      self.title = title
      self.summary = summary
      self.tables = tables
      self.best = best
    }

    public static func == (lhs: State, rhs: State) -> Bool {
      lhs.title == rhs.title && lhs.summary == rhs.summary && lhs.best == rhs.best
        && lhs.tables.map(\.heading) == rhs.tables.map(\.heading) && lhs.tables.map(\.rows) == rhs.tables.map(\.rows)
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "stats" }

  /// Bars this many characters wide.
  static let barWidth = 20

  public func render() -> [Line] {
    var lines: [Line] = ["", Line(state.title, style: .title)] + state.summary.map { Line("  " + $0) }
    let labelWidth = min(24, state.tables.flatMap(\.rows).map(\.label.count).max() ?? 0)
    for table in state.tables where !table.rows.isEmpty {
      lines.append(Line(table.heading, style: .emphasis))
      lines += table.rows.map { row($0, labelWidth: labelWidth) }
    }
    if !state.best.isEmpty {
      lines.append(Line("Best scores", style: .emphasis))
      lines += state.best.map { Line("  " + $0) }
    }
    lines.append(Line("Type done to go back.", style: .dim))
    return lines
  }

  private func row(_ row: State.Row, labelWidth: Int) -> Line {
    let share = row.answered == 0 ? 0 : Double(row.right) / Double(row.answered)
    let filled = Int((share * Double(Self.barWidth)).rounded())
    let label = String(row.label.prefix(labelWidth))
    let padding = String(repeating: " ", count: labelWidth - label.count)
    // Right-aligned, so the percentages stand in a column.
    let percent = "\(Int((share * 100).rounded()))%"
    let percentColumn = String(repeating: " ", count: max(0, 4 - percent.count)) + percent
    return Line("  \(label)\(padding)  ")
      + Line(String(repeating: "#", count: filled), style: .success)
      + Line(String(repeating: ".", count: Self.barWidth - filled), style: .dim)
      + Line("  \(percentColumn)  \(row.right)/\(row.answered)")
  }

  public var commands: CommandTable {
    CommandTable([Command("done", summary: "go back") { [weak self] in self?.onDone?() }])
  }
}
