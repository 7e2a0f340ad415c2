import ScreenKit

/// Shown when there is nothing to play, with the reason. It reads its state each time it
/// is drawn, so a change of options made over it shows at once.
public final class NoDataScreen: ReadingView<NoDataScreen.State>, TerminalView {
  public struct State: Equatable, Sendable {
    public var reason: String
    public var details: [String]

    public init(reason: String, details: [String] = []) {
      self.reason = reason
      self.details = details
    }
  }

  public var onPlay: (() -> Void)?
  public var onRetry: (() -> Void)?
  public var onBack: (() -> Void)?

  public var prompt: String { "no questions" }

  public func render() -> [Line] {
    let state = state
    return [
      "",
      Line("No questions to play", style: .title),
      Line(state.reason, style: .failure),
    ] + state.details.map { Line("  " + $0, style: .dim) } + [
      Line("Type retry to try again, category or source to play others, options, or back.", style: .dim)
    ]
  }

  public var commands: CommandTable {
    CommandTable([
      Command("play", summary: "start a round with the options as they are now") { [weak self] in self?.onPlay?() },
      Command("retry", summary: "load the questions again") { [weak self] in self?.onRetry?() },
    ])
  }
}
