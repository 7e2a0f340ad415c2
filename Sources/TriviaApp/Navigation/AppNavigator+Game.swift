import GameScreen
import NavigatorKit
import ScreenKit

extension ScreenName {
  public static let game = ScreenName(rawValue: "game")
}

extension Place {
  /// The round `request` deals, over the landing; that very round on top is skipped ("you
  /// are already playing that round").
  static func game(_ request: RoundRequest) -> Place {
    Place(.game, detail: request, transition: .push, policy: .singleTop, host: .landing)
  }
}

extension AppNavigator: RoundNavigating {
  public func prepareToPlay(_ request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents)
    -> PlayPreparation
  {
    let game = Place.game(request)
    screens[.game] = .game(round, events)
    if router.plan(to: game).isIgnored {
      follow(game)
      return .alreadyShowing
    }
    return returnToLanding(fromLink: false) ? .ready : .stayed
  }

  public func showGame(for request: RoundRequest, round: @escaping () -> Round?, events: RoundEvents) {
    show(.game(request), .game(round, events))
    watchRound(round, events)
  }

  /// Asks before a round in progress is thrown away, and tells the round when its game
  /// screen has gone, however that happened.
  private func watchRound(_ round: @escaping () -> Round?, _ events: RoundEvents) {
    roundWatch.forEach(navigator.remove)
    let game = ScreenName.game.rawValue
    var closed = !navigator.stack.contains(game)
    roundWatch = [
      navigator.addGuard(.leave, screen: game) {
        round()?.isOver == false ? .confirm("Abandon this round?") : .allow
      },
      navigator.addObserver { event in
        guard !closed, !event.stack.contains(game) else { return }
        closed = true
        events.closed()
      },
    ]
  }
}

extension Screen where View == any TerminalView {
  static func game(_ round: @escaping () -> Round?, _ events: RoundEvents) -> Self {
    Self(.game) {
      let screen = GameScreen {
        var state = GameScreen.State(round())
        state.secondsLeft = events.secondsLeft()
        return state
      }
      screen.onAnswer = events.answer
      screen.onBack = events.leave
      return screen
    }
  }
}

extension GameScreen.State {
  /// The round's current question; a round that is over keeps showing its last one.
  init(_ round: Round?) {
    guard let round, let item = round.current ?? round.items.last else {
      self.init(number: 0, total: 0, category: "", difficulty: "", question: "", answers: [])
      return
    }
    self.init(
      number: min(round.index, round.total - 1) + 1, total: round.total, category: item.question.category,
      difficulty: item.question.difficulty?.title ?? "Any level", question: item.question.text,
      answers: item.answers, player: round.turn?.name)
  }
}
