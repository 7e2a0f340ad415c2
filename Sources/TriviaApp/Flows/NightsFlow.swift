import ScreenKit
import TriviaHistory

/// How the nights hosted here are shown: over the screen they were asked from.
@MainActor
public protocol NightsNavigating: AnyObject {
  /// The list, newest first; with `number`, that night's final table.
  func showNights(_ nights: [HostedNight], number: Int?, onDone: @escaping () -> Void)
  func closeNights()
}

/// Reads the trivia nights this player hosted from their history: the list, or one night's
/// final table.
@MainActor
public final class NightsFlow: CommandOffering {
  private let history: (any History)?
  private let navigator: any NightsNavigating
  private let console: any Console

  public init(history: (any History)?, navigator: any NightsNavigating, console: any Console) {
    self.history = history
    self.navigator = navigator
    self.console = console
  }

  /// `nights` or `nights N`, on the landing and over the list itself.
  public var commands: [AppCommand] {
    let command = Command.withArgument(
      "nights", usage: "nights [N]", summary: "the trivia nights hosted here, or night N's final table"
    ) { [unowned self] argument in show(argument) }
    return [AppCommand(command, on: [.landing, .nights])]
  }

  /// `nights` alone: every night; `nights N`: night N's table. Without history or nights, or
  /// with no night N, one sentence says so.
  public func show(_ argument: String) {
    guard let history else { return console.say(NoHistory.cannot("no nights to show")) }
    // Nil: the history could not be read, and has said why.
    guard let nights = history.hostedNights() else { return }
    guard !nights.isEmpty else { return console.say("No nights hosted here yet: type host to host one.") }
    let number = Int(argument)
    guard argument.isEmpty || nights.contains(where: { $0.number == number }) else {
      return console.say("There is no night \(argument) here: type nights for the \(nights.count) hosted here.")
    }
    navigator.showNights(nights, number: number) { [unowned self] in navigator.closeNights() }
  }
}
