import NightKit

/// The rules a night promises, checked as it goes and at its end.
extension Simulation {
  /// What the room sent: each player welcomed as new is noted with the first question it can
  /// answer; and the question open keeps the deadline it opened with.
  func observe(_ outputs: [NightOutput]) {
    for output in outputs {
      guard case .send(.welcome(let welcome), _) = output,
        !ledger.joined.contains(where: { $0.name == welcome.you.name })
      else { continue }
      ledger.joined.append((welcome.you.name, welcome.you.since))
    }
    // A deadline is said once the room's words can leave it: one set while PostgreSQL was away
    // by a room that died before it came back was heard by nobody, and is set again.
    guard postgresUp || !overEdges, let room = host?.room, case .question(let number) = room.phase else { return }
    let deadline = Int(room.countdown.deadline / .milliseconds(1))
    if let first = ledger.deadlines[number] {
      if first != deadline { violated("question \(number)'s deadline moved from \(first) to \(deadline)") }
    } else {
      ledger.deadlines[number] = deadline
    }
  }

  /// A question revealed: every answer the room took is in it, once, timed when it was heard,
  /// and it did not close early on a player a fault had cut off.
  func checkReveal(_ record: NightRecord) {
    checkQueue(drained: false)
    let number = record.number
    // Asked and closed while PostgreSQL was away: the deadline nobody heard is the room's.
    let unheard = postgresUp || !overEdges ? nil : host.map { Int($0.room.countdown.deadline / .milliseconds(1)) }
    guard let deadline = ledger.deadlines[number] ?? unheard else {
      return violated("question \(number) was revealed with no deadline ever said")
    }
    // Once PostgreSQL keeps a question's answers its reveal stands; one made while it was away
    // and lost with its room was told nobody, and is made again.
    if kept[number] != nil { violated("question \(number) was revealed twice") }
    ledger.revealed[number] = record.answers
    let answered = record.answers.filter { $0.choice != nil }
    if let view = host?.room.revealView, view.counts.reduce(0, +) != answered.count {
      violated("question \(number) counts \(view.counts.reduce(0, +)) answers but scores \(answered.count)")
    }
    ledger.answersScored += answered.count
    let rows = Dictionary(record.answers.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    if now < deadline - 1 {
      for player in players where player.holdsPlace && player.awayUntil == nil {
        // Away past the grace, a player no longer holds its place (its token still works).
        guard let cut = player.cutOff, now - cut.at < Int(NightRoom.grace / .milliseconds(1)),
          rows[player.name]?.choice == nil,
          let since = ledger.joined.first(where: { $0.name == player.name })?.since, since <= number
        else { continue }
        violated(
          "question \(number) closed \(deadline - now) ms before its deadline while \(player.name), "
            + "cut off at \(cut.at) (\(cut.by)), had not answered")
      }
    }
    let start = deadline - limitMs
    for (index, answers) in ledger.accepted.sorted(by: { $0.key < $1.key }) {
      guard let accepted = answers[number] else { continue }
      let name = players[index].name
      if let row = rows[name], row.choice == accepted.choice, let ms = row.ms {
        let heard = min(max(accepted.heardAt - start, 0), limitMs)
        if abs(ms - heard) > 50 {
          violated("\(name)'s answer to question \(number), heard \(heard) ms in, was timed \(ms) ms")
        }
      } else if accepted.life == life || !accepted.askedAgain {
        violated("\(name)'s answer to question \(number) was taken by the room but is not in its reveal")
      }
    }
  }

  /// The night is over: it reached its final table, the host's record holds every question,
  /// and the table is what a night with no fault makes of the same answers.
  func checkEnd() {
    guard let host else { return violated("the room never came back") }
    checkQueue(drained: true)
    guard host.room.phase == .final else {
      return violated("the night is stuck in \(host.room.phase) at \(now)")
    }
    let numbers = host.room.record.map(\.number)
    if numbers != Array(1...questions.count) {
      violated("the host's record holds questions \(numbers) of 1–\(questions.count)")
    }
    if overEdges, kept.keys.sorted() != Array(1...questions.count) {
      violated("PostgreSQL keeps the answers of questions \(kept.keys.sorted()) of 1–\(questions.count)")
    }
    let table = host.room.finalView.rows.map { "\($0.place) \($0.name) \($0.score)" }
    let replayed = replay().rows.map { "\($0.place) \($0.name) \($0.score)" }
    if table != replayed {
      violated("the final table \(table) is not the replay's \(replayed)")
    }
  }

  /// The room's queue in PostgreSQL makes progress: a row committed while the room and the
  /// server were both up had its NOTIFY heard, so it is taken within a few seconds, and none
  /// is left once nothing more happens (`drained`).
  func checkQueue(drained: Bool) {
    guard overEdges, host != nil, postgresUp else { return }
    let stuck = roomInbox.first { $0.committedAt >= roomHearsSince && (drained || now - $0.committedAt > 5_000) }
    if let stuck {
      violated(
        "row \(stuck.id) of the room's queue, committed at \(stuck.committedAt), was still unread at \(now)")
    }
  }

  /// The answers the room revealed, played again with no fault: joins in the same order, each
  /// answer at its own milliseconds.
  func replay() -> NightStandings {
    var room = NightRoom(
      title: "Replay", questions: questions, limit: .milliseconds(limitMs), maxPlayers: 100,
      generator: SimulationRandom(seed: 1))
    var connections: [String: ConnectionID] = [:]
    var time = Duration.zero
    func join(since number: Int) {
      for joined in ledger.joined where joined.since == number || (number == 1 && joined.since < 1) {
        let connection = ConnectionID(UInt64(connections.count + 1))
        connections[joined.name] = connection
        _ = room.join(connection, name: joined.name, token: nil, now: time)
      }
    }
    join(since: 1)
    _ = room.start(now: time)
    for number in 1...questions.count {
      let start = time
      if number > 1 { join(since: number) }
      let answers = (ledger.revealed[number] ?? []).filter { $0.choice != nil }.sorted { ($0.ms ?? 0) < ($1.ms ?? 0) }
      for answer in answers {
        guard let connection = connections[answer.name], let choice = answer.choice, let ms = answer.ms else {
          continue
        }
        let text = NightWire.encode(PlayerMessage.answer(question: number, choice: choice))
        _ = room.received(connection, text: text, now: start + .milliseconds(ms))
      }
      time = start + .milliseconds(limitMs)
      _ = room.tick(now: time)
      _ = room.next(now: time)
      if number < questions.count { _ = room.next(now: time) }
    }
    // Those who came in after the last question, during its standings.
    join(since: questions.count + 1)
    _ = room.next(now: time)
    return room.finalView
  }
}
