import ScreenKit
import TriviaHistory

/// How a round is looked back on: over the screen it was asked from.
@MainActor
public protocol ReviewNavigating: AnyObject {
  func showReview(_ answers: [AnsweredQuestion], onDone: @escaping () -> Void)
  func closeReview()
}

/// Shows the last round's questions with the answers given and the right ones.
@MainActor
public final class ReviewFlow: CommandOffering {
  private let history: (any History)?
  private let navigator: any ReviewNavigating
  private let console: any Console

  public init(history: (any History)?, navigator: any ReviewNavigating, console: any Console) {
    self.history = history
    self.navigator = navigator
    self.console = console
  }

  /// `review`, on the landing and the score screen; without history, on the landing alone,
  /// which says why there is none.
  public var commands: [AppCommand] {
    [
      AppCommand(
        Command("review", summary: "look back on the last round, missed questions first") { [unowned self] in show() },
        on: history == nil ? [.landing] : [.landing, .complete])
    ]
  }

  public func show() {
    guard let history else {
      console.say(NoHistory.cannot("no round to review"))
      return
    }
    navigator.showReview(history.lastRoundAnswers()) { [unowned self] in navigator.closeReview() }
  }
}
