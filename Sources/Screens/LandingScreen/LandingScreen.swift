import ScreenKit

/// The first screen: what the next round will be, and the way into it.
public final class LandingScreen: TerminalScreen {
  public struct State: Equatable, Sendable {
    public var questionCount: Int
    public var difficulty: String
    public var source: String

    public init(questionCount: Int, difficulty: String, source: String) {
      self.questionCount = questionCount
      self.difficulty = difficulty
      self.source = source
    }
  }

  /// The Difficulty line, where the difficulty popover attaches.
  public static let difficultyAnchor = "difficulty"

  public var state: State
  public var onPlay: (() -> Void)?
  public var onOptions: (() -> Void)?
  public var onDifficulty: (() -> Void)?

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
      Line("  Source:     \(state.source)"),
      "",
      Line("Type play to start, options to change the game, help for all commands.", style: .dim),
    ]
  }

  public var commands: CommandTable {
    CommandTable([
      Command("play", summary: "start a round") { [weak self] in self?.onPlay?() },
      Command("options", summary: "change the number of questions and the difficulty") { [weak self] in
        self?.onOptions?()
      },
      Command("difficulty", summary: "pick the difficulty") { [weak self] in self?.onDifficulty?() },
    ])
  }
}
