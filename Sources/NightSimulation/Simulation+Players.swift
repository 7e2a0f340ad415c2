import NightKit
import NightRelay

/// Players: each keeps the product's `NightState`, answers the question on its screen when its
/// plan says, and dials again a second after losing its connection, with its token, as
/// `trivia join` and the page do.
extension Simulation {
  func playerGets(_ message: HostMessage?, close: Bool, on connection: ConnectionID, player index: Int) {
    guard players[index].connection == connection else { return }
    if let message { take(message, player: index) }
    if close {
      players[index].connection = nil
      players[index].scheduled = []
      players[index].cutOff = players[index].cutOff ?? (now, "its connection closed")
      lost(index, reason: "its connection closed")
    }
  }

  private func take(_ message: HostMessage, player index: Int) {
    let name = players[index].name
    switch message {
    case .welcome(let welcome):
      players[index].token = welcome.token
      players[index].state = NightState(stage: welcome.stage, you: welcome.you)
      players[index].cutOff = nil
      if case .question(let view) = welcome.stage.scene, welcome.you.answer?.question != view.number,
        ledger.accepted[index]?[view.number] != nil
      {
        // The room lost an answer it had taken: the player is shown the question again.
        ledger.accepted[index]?[view.number]?.askedAgain = true
        players[index].sent[view.number] = nil
      }
    case .refused(let reason):
      say("\(name) refused: \(reason)")
      if players[index].token != nil, let phase = host?.room.phase, phase != .ended {
        violated("\(name), holding a place, was refused: \(reason)")
      }
      players[index].done = true
    case .kicked, .ended:
      players[index].done = true
    case .late(let question):
      say("\(name) late for question \(question)")
      players[index].state?.apply(message)
    case .stage, .you:
      players[index].state?.apply(message)
    }
    if let answer = players[index].state?.you.answer { heard(answer, player: index) }
    guard let state = players[index].state else { return }
    if case .final = state.stage.scene { players[index].done = true }
    planAnswer(player: index, state: state)
  }

  /// The question on screen, not answered yet: when to answer it, once per connection.
  private func planAnswer(player index: Int, state: NightState) {
    guard case .question(let view) = state.stage.scene, state.chosen == nil, view.msLeft > 0,
      !players[index].scheduled.contains(view.number), let connection = players[index].connection
    else { return }
    let number = view.number
    if players[index].plans[number] == nil {
      let delay = playerRandom.chance(0.85) ? playerRandom.int(300...(limitMs * 115 / 100)) : nil
      players[index].plans[number] = (delay, playerRandom.int(0...(view.choices.count - 1)))
    }
    guard let delay = players[index].plans[number]?.delay else { return }
    let shown = now - (view.limitMs - view.msLeft)
    // Asked again after a fault: at once, as a person would.
    let at = players[index].sent[number] == nil ? max(shown + delay, now + 50) : now + playerRandom.int(100...1_000)
    players[index].scheduled.insert(number)
    schedule(.answer(player: index, question: number, connection: connection), at: at)
  }

  func answer(_ index: Int, question number: Int, on connection: ConnectionID) {
    guard players[index].connection == connection, let state = players[index].state,
      case .question(let view) = state.stage.scene, view.number == number, state.chosen == nil,
      let choice = players[index].plans[number]?.choice
    else { return }
    players[index].sent[number] = choice
    let text = NightWire.encode(PlayerMessage.answer(question: number, choice: choice))
    say("\(players[index].name) answers \(number) with \(choice)")
    schedule(
      .upstream(edge: players[index].edge, connection: connection, text: text),
      at: deliver(on: "up \(connection.rawValue)"))
  }

  /// The player was told its answer is taken.
  private func heard(_ answer: NightYou.Answer, player index: Int) {
    guard ledger.accepted[index]?[answer.question] == nil, let taken = ledger.taken[index]?[answer.question],
      taken.choice == answer.choice
    else { return }
    ledger.accepted[index, default: [:]][answer.question] = taken
  }

  /// The player's own side ends its connection (its helper died, or it left): the server sees
  /// it after a while.
  /// The player's side lost its connection, or could not open one: a terminal player's helper
  /// decides when to dial again (`PlayerLine`, as `trivia-night connect` does); a phone's page
  /// dials again a second later.
  func lost(_ index: Int, reason: String) {
    guard !players[index].done else { return }
    guard players[index].terminal else { return schedule(.dial(player: index), at: now + 1_000) }
    lineStep(index, .closed(reason))
  }

  /// One event through a terminal player's helper, and its effects carried out.
  func lineStep(_ index: Int, _ event: PlayerLine.Event) {
    guard var line = players[index].line else { return }
    let effects = line.handle(event, now: .milliseconds(now))
    players[index].line = line
    for effect in effects {
      switch effect {
      case .say: break
      case .dial: dial(index)
      case .fail(let reason):
        // `trivia join` ends the night on its screen, keeping its place for a join again.
        say("\(players[index].name)'s helper gives up: \(reason)")
        players[index].done = true
      }
    }
    if let at = players[index].line?.retryAt {
      schedule(.lineTick(player: index), at: Int((at / .milliseconds(1)).rounded(.up)))
    }
  }

  func hangUp(_ index: Int, cause: String, redialAt: Int) {
    guard let connection = players[index].connection else { return }
    // A new `trivia join`, or a new helper of the same one: a line of its own, coming back.
    if players[index].terminal { players[index].line = PlayerLine(address: "sim", comingBack: true) }
    players[index].connection = nil
    players[index].scheduled = []
    players[index].cutOff = (now, cause)
    schedule(
      .hangUp(edge: players[index].edge, connection: connection), at: deliver(on: "up \(connection.rawValue)"))
    schedule(.dial(player: index), at: redialAt)
  }

  /// The room took an answer when it sent the player its verdict with it; it is accepted once
  /// the player hears so (`heard(_:player:)`).
  func noteAcceptance(of text: String, from connection: ConnectionID, heardAt: Int, in effects: [NightHost.Effect]) {
    guard case .answer(let number, let choice)? = try? NightWire.decode(text) else { return }
    for effect in effects {
      guard case .output(.send(.you(let you), let to)) = effect, to == [connection],
        you.answer == NightYou.Answer(question: number, choice: choice),
        let index = players.firstIndex(where: { $0.name == you.name })
      else { continue }
      if let earlier = ledger.taken[index]?[number], earlier.life == life {
        violated("\(you.name)'s answer to question \(number) was taken twice")
      }
      ledger.taken[index, default: [:]][number] = Ledger.Accepted(choice: choice, heardAt: heardAt, life: life)
      return
    }
  }
}
