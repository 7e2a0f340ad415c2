import ScreenKit

/// A short menu of levels shown beside the line it was opened from.
public final class DifficultyScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public var choices: [String]
    public var selected: Int

    public init(choices: [String], selected: Int) {
      self.choices = choices
      self.selected = selected
    }
  }

  public let state: State
  public var onChoice: ((Int) -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "difficulty" }

  public func render() -> [Line] {
    var lines: [Line] = [Line("Difficulty", style: .title)]
    for (index, choice) in state.choices.enumerated() {
      let mark = index == state.selected ? "  (current)" : ""
      lines.append(Line("  \(index + 1)) ", style: .emphasis) + Line(choice) + Line(mark, style: .dim))
    }
    lines.append(Line("Type a level by name or number, or back to keep it.", style: .dim))
    return lines
  }

  public var commands: CommandTable {
    let choices = state.choices
    return CommandTable(
      [],
      freeform: .init(
        usage: "1-\(choices.count) or a name", summary: "choose a level",
        completions: choices.map { $0.lowercased() }
      ) { [weak self] input in
        guard !input.isEmpty else { return nil }
        guard let index = choiceIndex(input, among: choices) else {
          return .rejected(
            "'\(input)' is not a level: type \(choices.joined(separator: ", ")) or 1-\(choices.count).")
        }
        self?.onChoice?(index)
        return .done
      })
  }
}
