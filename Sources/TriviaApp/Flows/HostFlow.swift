import FoundationEssentials
import NightKit
import NightRelay
import ScreenKit
import TriviaHistory

/// A night as its host runs it. The room (NightKit) keeps every rule and every fact; this
/// flow feeds it what arrives and what the host types, sends what it answers through
/// `trivia-night`, and shows the host the screen of the room's phase, read from the room.
@MainActor
final class HostFlow {
  private var room: NightRoom
  private let plan: HostPlan
  private let line: any NightLine
  private let console: any Console
  private let clock: GameClock
  /// The night's code: a night resumed from PostgreSQL keeps its own.
  private var code: String
  /// A resumed room whose players have not come back yet: under a script its question does
  /// not close for want of anyone to answer it.
  private var comingBack = false
  /// PostgreSQL cannot be reached: its players are cut off, and their question waits for them
  /// as a resumed room's does.
  private var unreachable = false
  /// Where players join, each line an address, and the first one's QR code: known once
  /// `trivia-night` listens.
  private var joinLines: [String] = []
  /// The big screen's address, for a projector.
  private var screen: String?
  private var qr: [String]?
  /// When `--auto` moves on by itself next.
  private var autoAt: Duration?
  /// Whether the players' screens can be reached: the lobby shows once they can.
  private var listening = false

  /// Follows a place through the coordinator's routes.
  var follow: (NightPlace) -> Void = { _ in }
  /// Told when the host has left the night, so the coordinator forgets it.
  var closed: () -> Void = {}
  /// Keeps the night in the host's history once it is over.
  var keep: (PlayedNight) -> Void = { _ in }
  /// The questions revealed so far, for the history.
  private var revealed: [PlayedNight.Question] = []
  private var kept = false

  /// How long `--auto` shows a reveal and the standings; under a script time does not pass,
  /// so it moves on at once.
  private var pause: Duration { clock.isVirtual ? .zero : .seconds(5) }

  /// The name of the source the questions came from, for the lobby and the history.
  private let source: String
  /// What the questions were dealt for, as the landing says it: the lobby shows it.
  private let difficulty: String
  private let category: String
  /// Why `trivia-night` last refused joins: the lobby, drawn again as players come, keeps it.
  private var refused: String?

  init(
    plan: HostPlan, questions: [NightQuestion], source: String, difficulty: String, category: String,
    limit: Duration, code: String, network: any NightNetwork, console: any Console, clock: GameClock
  ) throws(NightError) {
    self.source = source
    self.difficulty = difficulty
    self.category = category
    room = NightRoom(
      title: plan.title, questions: questions, limit: limit, maxPlayers: plan.maxPlayers, onScreen: plan.onScreen,
      generator: SystemRandomNumberGenerator())
    // Connections beyond the players: those that come back, and strangers turned away.
    line = try network.host(plan, code: code, maxConnections: plan.maxPlayers + 64)
    self.plan = plan
    self.console = console
    self.clock = clock
    self.code = code
    // Said to every player by trivia-night if this process ends without saying goodbye.
    line.send(.lastWords(NightWire.encode(HostMessage.ended("The host has gone: the night is over."))))
  }

  /// What the host's screens show: the players' stage, as the room has it now, and what only
  /// the host sees.
  var view: NightView {
    let now = clock.now
    // The host sees what the big screen does: the question even when players see only shapes.
    var view = NightView(stage: room.screenStage(now: now))
    view.code = code
    view.joinLines = joinLines
    view.screen = screen
    view.qr = qr
    view.maxPlayers = plan.maxPlayers
    view.startWhen = plan.startWhen
    view.difficulty = difficulty
    view.category = category
    view.source = source
    view.refused = refused
    if case .question = room.phase { view.secondsLeft = room.countdown.secondsLeft(at: now) }
    (view.answered, view.of) = room.answerCount
    view.reveal = room.revealView
    return view
  }

  var events: NightEvents {
    NightEvents(done: { [unowned self] in leave() })
  }

  // MARK: Network

  /// What arrived together: what the room answers to all of it goes out in one write.
  func received(_ events: [(any NightLine, RelayEvent)]) {
    held = []
    for (line, event) in events { received(event, on: line) }
    sendHeld()
    receivedAll()
  }

  /// Commands held while a batch of events is read; nil: sent at once.
  private var held: [RelayCommand]?

  private func sendHeld() {
    guard let commands = held else { return }
    held = nil
    line.send(contentsOf: commands)
  }

  func received(_ event: RelayEvent, on line: any NightLine) {
    guard line === self.line else { return }
    switch event {
    case .listening(let port, let addresses, let qr):
      listening = true
      save()
      joinLines = addresses.map { "Join: " + JoinURL.text(address: $0, port: port, code: code) }
      // The big screen, for a projector: the first address's, as the QR code's.
      screen = addresses.first.map { JoinURL.text(address: $0, port: port, code: code) + "/screen" }
      // Short, to fit beside the QR code on 80 columns: every Join line works.
      joinLines.append(
        plan.postgres != nil
          ? "Through its edges; kept in PostgreSQL."
          : plan.bind.map { "Listening on \($0) only." } ?? "Listening on every interface.")
      self.qr = plan.showsQR ? qr : nil
      show()
    case .opened:
      break
    case .text(let id, let text, let held):
      // Timed as its edge heard it: the edge says how long it kept it (at most a second).
      move { $0.received(ConnectionID(id), text: text, now: $1 - .milliseconds(min(max(held, 0), 1_000))) }
    case .closed(let id, _):
      move { $0.disconnected(ConnectionID(id), now: $1) }
    case .failed(let reason):
      console.say("The night cannot go on: \(reason)")
      leave()
    case .refusing(let sentence):
      refused = sentence
      console.write([Line(sentence, style: .failure)])
    case .resumed(let code, let saved):
      resume(code: code, saved: saved)
    case .unreachable(let reason):
      // Its players are all about to go, and to come back once it is: their question waits.
      unreachable = true
      console.write([
        Line("\(reason): players cannot hear the night until it is back; what is scored is kept.", style: .failure)
      ])
    case .reachable:
      unreachable = false
      // As in a resumed room, till the first of them is back.
      if room.connectedCount == 0 { comingBack = true }
      console.write([Line("PostgreSQL is back: players come back with their tokens.", style: .dim)])
    }
  }

  /// The room a restarted host found in PostgreSQL, within the grace: its players come back
  /// with their tokens to the question, reveal or standings they left.
  private func resume(code: String, saved: String) {
    guard let saved = try? JSONDecoder().decode(NightRoom.Saved.self, from: Data(saved.utf8)) else {
      return console.say("The night \(code) in PostgreSQL could not be read: a new night starts instead.")
    }
    room = NightRoom(resuming: saved, now: clock.now, generator: SystemRandomNumberGenerator())
    self.code = code
    comingBack = true
    console.say("Night \(code) resumed from PostgreSQL, with \(PlayerList.counted(room.playerCount)) to come back.")
  }

  /// Keeps the room in PostgreSQL, on a night over several machines: at once when what is
  /// scored changes (a phase), and at most every `saveInterval` when only who is in does (a
  /// join): a room of 5,000 is half a megabyte of JSON, and 5,000 joins must not write it
  /// 5,000 times. Never at each answer.
  private func save(soon: Bool = false) {
    guard plan.postgres != nil else { return }
    if soon, let last = lastSave, clock.now - last < Self.saveInterval {
      saveDue = true
      return
    }
    guard let json = try? JSONEncoder().encode(room.saved(now: clock.now)) else { return }
    lastSave = clock.now
    saveDue = false
    line.send(.save(String(decoding: json, as: UTF8.self)))
  }

  static let saveInterval = Duration.seconds(2)
  private var lastSave: Duration?
  /// Who is in changed since the last save.
  private var saveDue = false

  /// After a batch of events: under a script, whose time passes only on `wait`, the lobby's
  /// list and the big screens' count of answers go out now rather than at an interval that
  /// would never pass.
  private func receivedAll() {
    if clock.isVirtual {
      move { $0.flushLobby(now: $1) }
      move { $0.flushScreens(now: $1) }
    }
  }

  // MARK: The host's commands

  /// The names a `kick` can take, for Tab.
  var names: [String] { room.names }

  func start() {
    guard room.playerCount > 0 else { return console.say("Nobody is in yet: wait for a player to join.") }
    if let refusal = room.startRefusal { return console.say(refusal) }
    move { $0.start(now: $1) }
  }

  func kick(_ name: String) {
    guard !name.isEmpty else { return console.say("kick takes a player's name, as in kick Ann.") }
    move { $0.kick(name: name, now: $1) }
  }

  func end() {
    move { $0.end(now: $1, reason: "The host ended the night.") }
  }

  /// Every change of the room goes through here: what it decided is sent, and the host's
  /// screen follows its phase.
  func move(_ step: (inout NightRoom, Duration) -> [NightOutput]) {
    let before = room.phase
    apply(step(&room, clock.now), since: before)
  }

  /// Asked before the host ends the night or quits while players are in it.
  var endQuestion: String? {
    guard room.phase != .final, room.phase != .ended, room.connectedCount > 0 else { return nil }
    return "End the night for \(PlayerList.counted(room.connectedCount))?"
  }

  /// The host leaves: players hear the night is over, and the host is back on the landing.
  func leave() {
    stop()
    closed()
  }

  /// The game ends: players hear so, the connections close, and nothing moves on screen.
  func stop() {
    sendHeld()
    if room.phase != .final, room.phase != .ended {
      let outputs = room.end(now: clock.now, reason: "The host ended the night.")
      line.send(
        contentsOf: outputs.compactMap { output in
          guard case .send(let message, let to) = output else { return nil }
          return .send(NightWire.encode(message), to: to.map(\.rawValue))
        })
    }
    line.stop()
  }

  /// The night as the history keeps it: the final table and the questions revealed.
  private func keepOnce() {
    guard !kept else { return }
    kept = true
    keep(
      PlayedNight(
        title: plan.title, source: source, secondsPerQuestion: Int(room.limit.components.seconds),
        endedEarly: room.phase == .ended,
        players: (room.endedTable ?? room.finalView).rows.map {
          .init(place: $0.place, name: $0.name, score: $0.score, hasLeft: $0.left)
        },
        questions: revealed))
  }

  // MARK: Time

  /// Whether a script's next line is for the host: where the night waits on the host.
  var wantsLine: Bool {
    guard listening else { return false }
    switch room.phase {
    case .lobby: return plan.startWhen == nil
    case .question: return false
    case .reveal, .standings: return !plan.auto
    case .final, .ended: return true
    }
  }

  /// The room's next deadline, `--auto`'s next move, or the countdown's next second.
  var nextWake: Duration? {
    var wakes = [room.nextDeadline, autoAt, saveDue ? lastSave.map { $0 + Self.saveInterval } : nil].compactMap { $0 }
    if case .question = room.phase, let tick = room.countdown.nextTick(at: clock.now) { wakes.append(tick) }
    return wakes.min()
  }

  func tick() {
    move { $0.tick(now: $1) }
    if saveDue { save(soon: true) }
    if let autoAt, clock.now >= autoAt {
      self.autoAt = nil
      move { $0.next(now: $1) }
    }
  }

  // MARK: Applying what the room decided

  private func apply(_ outputs: [NightOutput], since before: NightPhase) {
    // What the room answered goes to trivia-night in one write, in order.
    var commands: [RelayCommand] = []
    var verdicts: [RelayCommand.Personal] = []
    func flush() {
      if !verdicts.isEmpty { commands.append(.yours(verdicts)) }
      verdicts.removeAll()
    }
    for output in outputs {
      switch output {
      case .send(.you(let you), let to) where to.count == 1:
        // Verdicts in a row make one table: each player's message is built beside its socket.
        verdicts.append(RelayCommand.Personal(to: to[0].rawValue, row: you.row))
      case .send(let message, let to):
        flush()
        commands.append(.send(NightWire.encode(message), to: to.map(\.rawValue)))
      case .close(let connection, let message):
        flush()
        if let message { commands.append(.send(NightWire.encode(message), to: [connection.rawValue])) }
        commands.append(.close(connection.rawValue))
      case .host(let notice):
        console.write([Line(notice.description, style: .dim)])
      }
    }
    flush()
    if held != nil { held?.append(contentsOf: commands) } else { line.send(contentsOf: commands) }
    if room.phase != before {
      save()
    } else if outputs.contains(where: \.changesWhoIsIn) {
      save(soon: true)
    }
    if room.phase == .lobby, let startWhen = plan.startWhen, room.playerCount >= startWhen, room.startRefusal == nil {
      return move { $0.start(now: $1) }
    }
    // Under a script a question nobody is left to answer would wait for a deadline that never
    // comes (time passes only on `wait`): it closes.
    if room.connectedCount > 0 { comingBack = false }
    if clock.isVirtual, case .question = room.phase, room.connectedCount == 0, !comingBack, !unreachable {
      return move { $0.next(now: $1) }
    }
    if room.phase != before {
      autoAt = plan.auto && [NightPhase.reveal(0), .standings(0)].contains(room.phase.kind) ? clock.now + pause : nil
      show()
      // Under a script `--auto` moves on at once, with nothing to wait for.
      if let autoAt, autoAt <= clock.now { tick() }
    } else if room.phase == .lobby, outputs.contains(where: \.isLobbyUpdate) {
      // Who is in changed, and the players were just told: the host's lobby is drawn again
      // from the same room, so its list and its count never disagree.
      show()
    }
  }

  /// The screen of the room's phase.
  private func show() {
    guard listening else { return }
    switch room.phase {
    case .reveal(let number):
      if let reveal = room.revealView, revealed.last?.number != number {
        revealed.append(
          .init(
            number: number, question: reveal.text, correctAnswer: reveal.choices[reveal.correct],
            answered: reveal.counts.reduce(0, +), right: reveal.counts[reveal.correct],
            answers: room.revealedAnswers.map {
              .init(
                name: $0.name, chosen: $0.choice.map { reveal.choices[$0] }, isRight: $0.choice == reveal.correct,
                milliseconds: $0.ms, points: $0.points)
            }))
        // Over several machines, PostgreSQL keeps them too, where every edge and host can read them.
        if plan.postgres != nil, let json = try? JSONEncoder().encode(room.revealedAnswers) {
          line.send(.answers(question: number, json: String(decoding: json, as: UTF8.self)))
        }
      }
    case .final, .ended: keepOnce()
    case .lobby, .question, .standings: break
    }
    follow(NightPlace(host: room.phase))
  }
}

extension NightOutput {
  /// A player welcomed (new, or back with its token), or the lobby's list told again.
  var changesWhoIsIn: Bool {
    if case .send(.welcome, _) = self { return true }
    return isLobbyUpdate
  }

  /// The lobby's stage going out to the players.
  var isLobbyUpdate: Bool {
    if case .send(.stage(let stage), _) = self, case .lobby = stage.scene { return true }
    return false
  }
}

extension NightPhase {
  /// The phase without its question's number.
  var kind: NightPhase {
    switch self {
    case .question: .question(0)
    case .reveal: .reveal(0)
    case .standings: .standings(0)
    default: self
    }
  }
}
