extension NightRoom {
  public var lobbyView: NightLobbyView {
    NightLobbyView(title: title, players: newestNames, count: order.count, maxPlayers: maxPlayers)
  }

  /// Nil outside a question.
  public func questionView(now: Duration) -> NightQuestionProgress? {
    guard case .question = phase else { return nil }
    return NightQuestionProgress(
      question: questionView(msLeft: msLeft(now: now)), answered: answered, connected: connected)
  }

  /// Nil outside a reveal.
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

  /// Players in the night (left ones included, until the standings drop them never).
  public var playerCount: Int { order.count }
  public var connectedCount: Int { connected }
}
