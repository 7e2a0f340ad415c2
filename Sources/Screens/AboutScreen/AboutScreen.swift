import ScreenKit

/// What this game is: its version, the files it keeps about the player and where, and
/// whose questions it is asking, with the credit their publisher asks for.
public final class AboutScreen: TerminalView {
  public struct State: Equatable, Sendable {
    /// One file kept: what it holds, and where.
    public struct File: Equatable, Sendable {
      public var holds: String
      public var path: String

      public init(holds: String, path: String) {
        self.holds = holds
        self.path = path
      }
    }

    public var version: String
    public var files: [File]
    /// The source as the landing names it.
    public var source: String
    /// A line each: whom the questions come from and their licence, where known.
    public var credits: [String]

    public init(version: String, files: [File], source: String, credits: [String]) {
      self.version = version
      self.files = files
      self.source = source
      self.credits = credits
    }
  }

  public let state: State
  public var onDone: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { "about" }

  public func render() -> [Line] {
    let width = state.files.map(\.holds.count).max() ?? 0
    let files = state.files.map { file in
      Line(spans: [
        .init(text: "  " + file.holds + String(repeating: " ", count: width - file.holds.count) + "  ", style: .plain),
        .init(text: file.path, style: .plain),
      ]).hanging(at: width + 4)
    }
    return [
      "",
      Line("About trivia \(state.version)", style: .title),
      Line("A trivia game for the terminal.", style: .dim),
      "",
      Line("Files it keeps about you", style: .emphasis),
    ] + files + [
      "",
      Line("Questions", style: .emphasis),
      Line("  Source: \(state.source)").hanging(at: 10),
    ] + state.credits.map { Line("  " + $0).hanging(at: 2) } + [
      Line("Type done to go back.", style: .dim)
    ]
  }

  public var commands: CommandTable {
    CommandTable([Command("done", summary: "go back") { [weak self] in self?.onDone?() }])
  }
}
