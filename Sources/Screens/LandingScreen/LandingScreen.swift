import ScreenKit

/// The first screen: what the next round will be, and the way into it. It reads its state
/// each time it is drawn, so it always shows the game as it is now.
public final class LandingScreen: ReadingView<LandingScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    public var questionCount: Int
    public var difficulty: String
    public var source: String
    public var category: String
    /// A round saved when the last session ended can be resumed.
    public var canResume: Bool
    /// How much of the source is new to the player ("1,204 of 47,175 questions not yet
    /// asked"), when known.
    public var unasked: String?
    /// Seconds each question may take, when questions are timed.
    public var timeLimit: Int?
    /// Who takes turns at this terminal; nil for one player.
    public var players: [String]?

    public init(
      questionCount: Int, difficulty: String, source: String, category: String = "All", canResume: Bool = false,
      unasked: String? = nil, timeLimit: Int? = nil, players: [String]? = nil
    ) {
      self.players = players
      self.timeLimit = timeLimit
      self.questionCount = questionCount
      self.difficulty = difficulty
      self.source = source
      self.category = category
      self.canResume = canResume
      self.unasked = unasked
    }
  }

  public var onPlay: (() -> Void)?
  public var onPlayMissed: (() -> Void)?
  public var onResume: (() -> Void)?
  public var onBack: (() -> Void)?

  public var prompt: String { "trivia" }

  public func render() -> [Line] {
    let state = state
    return [
      "",
      Line("TRIVIA", style: .title),
      Line("Test what you know, one question at a time.", style: .dim),
      "",
      Line("  Questions:  \(state.questionCount)"),
      Line("  Difficulty: \(state.difficulty)"),
      Line("  Category:   \(state.category)"),
    ]
      + (state.timeLimit.map { [Line("  Time:       \($0) s a question")] } ?? [])
      + (state.players.map { [Line("  Players:    " + $0.joined(separator: ", "))] } ?? [])
      + [
        Line("  Source:     \(state.source)")
      ]
      + (state.unasked.map { [Line("  Left:       \($0)")] } ?? [])
      + [""]
      + (state.canResume
        ? [Line("A round you left is saved: type resume to go on with it, or play for a new one.", style: .emphasis)]
        : [])
      + [Line("Type play to start, options to change the game, help for all commands.", style: .dim)]
  }

  public var commands: CommandTable {
    var commands = [
      Command(
        "play", usage: "play [missed]", summary: "start a round (of questions you got wrong)", takesArgument: true,
        completeArgument: { typed in ["missed"].filter { $0.hasPrefix(typed.lowercased()) } }
      ) { [weak self] argument in
        switch argument.lowercased() {
        case "": self?.onPlay?()
        case "missed": self?.onPlayMissed?()
        default: return .rejected("play takes nothing, or missed for the questions you got wrong; not '\(argument)'.")
        }
        return .done
      }
    ]
    if state.canResume {
      commands.append(Command("resume", summary: "go on with the saved round") { [weak self] in self?.onResume?() })
    }
    return CommandTable(commands)
  }
}
