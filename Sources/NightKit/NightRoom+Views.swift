extension NightRoom {
  /// What every player sees now: the value each player's screen is computed from.
  public func stage(now: Duration) -> NightStage {
    NightStage(
      title: title, questions: questions.count, limitMs: limitMs, count: order.count,
      names: phase == .lobby ? newestNames : [], scene: scene(now: now, screen: false))
  }

  /// What a big screen sees now: the players' stage, with what every player may see at this
  /// moment but is not sent, so that thousands of players cost no more: during a question how
  /// many have answered; at the reveal the question, how many chose each answer and the
  /// fastest right one. Never the right answer before the reveal.
  public func screenStage(now: Duration) -> NightStage {
    var stage = stage(now: now)
    stage.scene = scene(now: now, screen: true)
    return stage
  }

  private func scene(now: Duration, screen: Bool) -> NightScene {
    switch phase {
    case .lobby: .lobby
    case .question:
      .question(
        questionView(
          msLeft: countdown.msLeft(at: now), answered: screen ? answered : nil,
          answering: screen ? answered + waitingOn : nil, screen: screen))
    case .reveal:
      .reveal(
        screen
          ? screenAnswer
          : NightAnswer(number: index + 1, correct: questions[index].correct, text: questions[index].correctText))
    case .standings: .standings(standingsView)
    case .final: .final(finalView)
    // Before any question closed there is no table to show.
    case .ended: .ended(reason: endedReason ?? "The host ended the night.", table: played > 0 ? endedTable : nil)
    }
  }

  /// The reveal as a big screen shows it: the bars and the fastest right answer.
  private var screenAnswer: NightAnswer {
    let question = questions[index]
    return NightAnswer(
      number: index + 1, correct: question.correct, text: question.correctText, question: question.text,
      choices: question.choices, counts: counts,
      fastest: fastest.map { NightAnswer.Fastest(name: seats[$0.seat].name, ms: $0.ms) })
  }

  /// What only this seat's player sees.
  func you(of seat: Int) -> NightYou {
    let player = seats[seat]
    return NightYou(
      name: player.name, since: player.since,
      answer: player.answerRound > 0 ? .init(question: player.answerNumber, choice: player.choice) : nil,
      points: player.points, score: player.score, place: player.ranked ? player.place : 0,
      moved: player.moved)
  }

  /// The host's reveal: the bars and the fastest right answer; nil outside a reveal.
  public var revealView: NightReveal? {
    guard case .reveal = phase else { return nil }
    let question = questions[index]
    return NightReveal(
      number: index + 1, total: questions.count, text: question.text, choices: question.choices,
      correct: question.correct, counts: counts,
      fastest: fastest.map { NightReveal.Fastest(name: seats[$0.seat].name, ms: $0.ms) })
  }

  /// The top rows, as the players see them.
  public var standingsView: NightStandings {
    NightStandings(played: played, rows: topRows, of: order.count)
  }

  /// The whole table.
  public var finalView: NightStandings {
    NightStandings(played: played, rows: order.map { seats[$0].row }, of: order.count)
  }

  /// The current question's answers in, of those who could answer (the answers in and the
  /// players still connected without one): one never passes the other.
  public var answerCount: (answered: Int, of: Int) { (answered, answered + waitingOn) }

  /// The newest names in, for the host's `kick` to complete.
  public var names: [String] { newestNames }
  /// Players in the night (left ones included, until the standings drop them never).
  public var playerCount: Int { order.count }
  public var connectedCount: Int { connected }
}
