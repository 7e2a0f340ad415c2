extension NightRoom {
  /// Host only: the first question goes out.
  public mutating func start(now: Duration) -> [NightOutput] {
    guard phase == .lobby, startRefusal == nil else { return [] }
    lobbyDue = nil
    var outputs: [NightOutput] = []
    ask(0, now: now, into: &outputs)
    return outputs
  }

  /// Host only: on to the next screen. A question closes as at its deadline; a reveal gives
  /// the standings; the standings give the next question, or the final table after the last.
  public mutating func next(now: Duration) -> [NightOutput] {
    var outputs: [NightOutput] = []
    switch phase {
    case .question: closeQuestion(into: &outputs)
    case .reveal(let number):
      phase = .standings(number)
      broadcast(now: now, into: &outputs)
    case .standings: ask(index + 1, now: now, into: &outputs)
    case .lobby, .final, .ended: break
    }
    return outputs
  }

  /// Host only: the current question is dropped (nobody scores, it does not count) and the next
  /// one goes out. Its number is not reused, so a late answer to it cannot land on the next.
  public mutating func skip(now: Duration) -> [NightOutput] {
    guard case .question = phase else { return [] }
    var outputs: [NightOutput] = []
    ask(index + 1, now: now, into: &outputs)
    return outputs
  }

  /// Host only: the night stops; everyone is told why, with the table as it stood.
  public mutating func end(now: Duration, reason: String) -> [NightOutput] {
    guard phase != .ended else { return [] }
    // Taken before the connections close, which would mark every row as left.
    endedTable = finalView
    endedReason = reason
    phase = .ended
    lobbyDue = nil
    let everyone = connections + watchers
    for seat in seats.indices { disconnect(seat) }
    watchers = []
    screenDue = nil
    return [.send(.stage(stage(now: now)), to: everyone)] + everyone.map { .close($0, nil) }
  }

  /// Asks the question at `next`, or gives the final table when there is none.
  private mutating func ask(_ next: Int, now: Duration, into outputs: inout [NightOutput]) {
    guard next < questions.count else {
      phase = .final
      broadcast(now: now, into: &outputs)
      return
    }
    index = next
    round += 1
    questionStart = now
    counts = Array(repeating: 0, count: questions[next].choices.count)
    answered = 0
    fastest = nil
    waitingOn = holding
    phase = .question(next + 1)
    broadcast(now: now, into: &outputs)
  }

  mutating func answer(_ seat: Int, question number: Int, choice: Int, now: Duration) -> [NightOutput] {
    guard let connection = seats[seat].connection else { return [] }
    guard number <= index + 1 else { return closeAsMalformed(seat, now: now) }
    guard case .question(number) = phase, now <= countdown.deadline else {
      return [.send(.late(question: number), to: [connection])]
    }
    guard counts.indices.contains(choice) else { return closeAsMalformed(seat, now: now) }
    guard seats[seat].answerRound != round else { return [] }
    let ms = min(max((now - questionStart).wholeMilliseconds, 0), questionLimitMs)
    take(choice, ms: ms, question: number, from: seat)
    waitingOn -= 1
    note(.answer(question: number, choice: choice, ms: ms), seat: seat)
    var outputs: [NightOutput] = [.send(.you(you(of: seat)), to: [connection])]
    if everyoneAnswered {
      closeQuestion(into: &outputs)
    } else {
      screensChanged(now: now, into: &outputs)
    }
    return outputs
  }

  /// The seat's answer to the question open, in its bars and its fastest: as a player gives
  /// it, or as a resumed room takes it again from its journal.
  mutating func take(_ choice: Int, ms: Int, question number: Int, from seat: Int) {
    seats[seat].answerRound = round
    seats[seat].answerNumber = number
    seats[seat].choice = choice
    seats[seat].answerMs = ms
    counts[choice] += 1
    answered += 1
    if choice == questions[index].correct, ms < fastest?.ms ?? .max { fastest = (seat, ms) }
  }

  private mutating func closeAsMalformed(_ seat: Int, now: Duration) -> [NightOutput] {
    guard let connection = seats[seat].connection else { return [] }
    var outputs: [NightOutput] = [.close(connection, nil)]
    drop(seat, now: now, into: &outputs)
    excuse(seat)
    if case .question = phase, everyoneAnswered { closeQuestion(into: &outputs) }
    return outputs
  }

  /// A kicked player's answer leaves the bars.
  mutating func withdrawAnswer(of seat: Int) {
    counts[seats[seat].choice] -= 1
    answered -= 1
    seats[seat].answerRound = 0
    guard fastest?.seat == seat else { return }
    fastest = nil
    let correct = questions[index].correct
    for other in seats.indices
    where other != seat && seats[other].answerRound == round && seats[other].choice == correct
      && seats[other].answerMs < fastest?.ms ?? .max
    {
      fastest = (other, seats[other].answerMs)
    }
  }

  /// The deadline: every answer is scored, the standings sorted (once), each player told how it
  /// stands, then everyone the right answer.
  mutating func closeQuestion(into outputs: inout [NightOutput]) {
    guard case .question(let number) = phase else { return }
    phase = .reveal(number)
    played += 1
    let question = questions[index]
    let limit = limitMs(of: index)
    for seat in order {
      if seats[seat].answerRound == round {
        let right = seats[seat].choice == question.correct
        seats[seat].points = right ? NightScore.points(msLeft: limit - seats[seat].answerMs, limitMs: limit) : 0
        seats[seat].totalMs += seats[seat].answerMs
      } else {
        seats[seat].points = 0
        seats[seat].totalMs += limit
      }
      seats[seat].score += seats[seat].points
    }
    order.sort { seats[$0].key(joined: $0) < seats[$1].key(joined: $1) }
    for (position, seat) in order.enumerated() {
      seats[seat].previousPlace = seats[seat].ranked ? seats[seat].place : 0
      seats[seat].ranked = true
      seats[seat].place = position + 1
    }
    keepClosed()
    // Each player's own part first, so that the reveal is drawn with it.
    for seat in order {
      if let connection = seats[seat].connection {
        outputs.append(.send(.you(you(of: seat)), to: [connection]))
      }
    }
    broadcast(now: countdown.deadline, into: &outputs)
  }

  var topRows: [NightStandings.Row] { order.prefix(Self.rowsShown).map { seats[$0].row } }

  /// The question now; `screen`: as a big screen shows it, else as a player's does (with
  /// `--on-screen`, no text: how many answers there are, to pick one by its shape).
  func questionView(msLeft: Int, answered: Int? = nil, answering: Int? = nil, screen: Bool = false)
    -> NightQuestionView
  {
    let question = questions[index]
    let hidden = onScreen && !screen
    return NightQuestionView(
      number: index + 1, total: questions.count, category: question.category, difficulty: question.difficulty,
      text: hidden ? "" : question.text, choices: hidden ? question.choices.map { _ in "" } : question.choices,
      msLeft: msLeft, limitMs: questionLimitMs, answered: answered, answering: answering,
      onScreen: onScreen ? true : nil)
  }

  /// Why the night cannot start now, or nil when it can: with `--on-screen`, a big screen must
  /// be open, since the questions show nowhere else.
  public var startRefusal: String? {
    guard onScreen, watchers.isEmpty else { return nil }
    return "The questions show on the big screen only (--on-screen): open its address on the projector first."
  }
}
