import CompleteScreen
import FeedbackScreen
import GameScreen
import NavigatorKit
import ScreenKit

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
    screens[.game] = .game(round, events)
    follow(.game(request))
    watchRound(round, events)
  }

  public func showFeedback(_ round: Round, events: RoundEvents) {
    guard let item = round.current else { return }
    // Turns at one terminal: the points and the place of whose turn it was, not a run of
    // answers that were not all theirs.
    let standing = round.turn.flatMap { turn in
      round.standings.first { $0.player.name == turn.name }.map {
        FeedbackScreen.State.Standing(
          points: round.lastPoints, total: turn.points, place: $0.place, of: round.players.count)
      }
    }
    let state = FeedbackScreen.State(
      isCorrect: round.lastAnswerWasRight ?? false, correctAnswer: item.correctAnswer, score: round.score,
      answered: round.answered, isLast: round.isLastQuestion, run: standing == nil ? round.run : 0,
      timedOut: round.lastTimedOut, standing: standing, nextPlayer: round.nextTurn?.name)
    attempt { () throws(NavigationError) in try navigator.handle(.addChild(.feedback(state, events))) }
  }

  public func showNextQuestion() {
    attempt { () throws(NavigationError) in try navigator.handle(.removeChild) }
  }

  public func showComplete(_ result: RoundResult, events: RoundEvents) {
    let state = CompleteScreen.State(
      score: result.score, total: result.total, message: result.message + (result.newBest.map { [$0 + "."] } ?? []),
      bestRun: result.standings.isEmpty ? result.bestRun : 0,
      standings: result.standings.map { StandingRow(place: $0.place, name: $0.player.name, score: $0.player.points) })
    attempt { () throws(NavigationError) in try navigator.handle(.present(.complete(state, events))) }
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

  static func feedback(_ state: FeedbackScreen.State, _ events: RoundEvents) -> Self {
    Self(.feedback) {
      let screen = FeedbackScreen(state: state)
      screen.onContinue = events.next
      screen.onBack = events.leave
      return screen
    }
  }

  static func complete(_ state: CompleteScreen.State, _ events: RoundEvents) -> Self {
    Self(.complete) {
      let screen = CompleteScreen(state: state)
      screen.onDone = events.finish
      screen.onBack = events.finish
      screen.onPlay = events.playAgain
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
