import ScreenKit

/// The first screen: what the next round will be, and the way into it.
public final class LandingScreen: TerminalScreen {
  public struct State: Equatable, Sendable {
    public var questionCount: Int
    public var difficulty: String
    public var source: String
    public var category: String
    /// A round saved when the last session ended can be resumed.
    public var canResume: Bool

    public init(
      questionCount: Int, difficulty: String, source: String, category: String = "All", canResume: Bool = false
    ) {
      self.questionCount = questionCount
      self.difficulty = difficulty
      self.source = source
      self.category = category
      self.canResume = canResume
    }
  }

  /// The Difficulty line, where the difficulty popover attaches.
  public static let difficultyAnchor = "difficulty"

  public var state: State
  public var onPlay: (() -> Void)?
  public var onResume: (() -> Void)?
  public var onOptions: (() -> Void)?
  public var onDifficulty: (() -> Void)?
  public var onSource: ((String) -> Void)?
  public var onCategory: ((String) -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "trivia" }

  public func render() -> [Line] {
    [
      "",
      Line("TRIVIA", style: .title),
      Line("Test what you know, one question at a time.", style: .dim),
      "",
      Line("  Questions:  \(state.questionCount)"),
      Line("  Difficulty: \(state.difficulty)"),
      Line("  Category:   \(state.category)"),
      Line("  Source:     \(state.source)"),
      "",
    ]
      + (state.canResume
        ? [Line("A round you left is saved: type resume to go on with it, or play for a new one.", style: .emphasis)]
        : [])
      + [Line("Type play to start, options to change the game, help for all commands.", style: .dim)]
  }

  public var commands: CommandTable {
    var commands = [
      Command("play", summary: "start a round") { [weak self] in self?.onPlay?() }
    ]
    if state.canResume {
      commands.append(Command("resume", summary: "go on with the saved round") { [weak self] in self?.onResume?() })
    }
    return CommandTable(
      commands + [
        Command("options", summary: "change the number of questions and the difficulty") { [weak self] in
          self?.onOptions?()
        },
        Command("difficulty", summary: "pick the difficulty") { [weak self] in self?.onDifficulty?() },
        .withArgument("category", usage: "category [NAME|all]", summary: "list the categories, or play only one") {
          [weak self] in self?.onCategory?($0)
        },
        .withArgument("source", usage: "source [SPEC|--details]", summary: "describe the questions' source, or switch")
        {
          [weak self] in self?.onSource?($0)
        },
      ])
  }
}
