import FoundationEssentials
import NightKit
import NightRelay
import ScreenKit
import TriviaHistory

/// A night as its host runs it. The host's state machine (`NightHost`, over the room) keeps
/// every rule and every fact; this flow feeds it what `trivia-night` says and what the host
/// types, carries out what it decides (frames to send, the room to save, a question to keep),
/// and shows the host the screen of the room's phase. What it keeps itself is what only the
/// host's screen shows: where players join, and why joins were last refused.
@MainActor
final class HostFlow {
  private var host: NightHost
  private let plan: HostPlan
  private let line: any NightLine
  private let console: any Console
  private let clock: GameClock
  /// The night's code: a night resumed from PostgreSQL keeps its own.
  private var code: String
  /// Where players join, each line an address, and the first one's QR code: known once
  /// `trivia-night` listens.
  private(set) var joinLines: [String] = []
  /// The big screen's address, for a projector, before its key (the room's: a resumed room
  /// keeps its own).
  private var screen: String?
  private var qr: [String]?
  /// The SSH door's port and host key fingerprint (#39), when `trivia host --ssh` opened it.
  private var ssh: (port: Int, fingerprint: String)?
  /// Whether the players' screens can be reached: the lobby shows once they can.
  private var listening = false

  /// Follows a place through the coordinator's routes.
  var follow: (NightPlace) -> Void = { _ in }
  /// Told when the host has left the night, so the coordinator forgets it.
  var closed: () -> Void = {}
  /// Keeps the night in the host's history once it is over.
  var keep: (PlayedNight) -> Void = { _ in }
  private var kept = false

  /// The name of the source the questions came from, for the lobby and the history.
  private let source: String
  /// What the questions were dealt for, as the landing says it: the lobby shows it.
  private let difficulty: String
  private let category: String
  /// Why `trivia-night` last refused joins: the lobby, drawn again as players come, keeps it.
  private var refused: String?
  /// Why this host has no questions of its own (its source cannot be read): it plays only a
  /// night it resumes from PostgreSQL, whose questions are kept there, and ends otherwise.
  private var unplayable: String?

  init(
    plan: HostPlan, questions: [NightQuestion], unplayable: String? = nil, source: String, difficulty: String,
    category: String, limit: Duration, code: String, network: any NightNetwork, console: any Console,
    clock: GameClock
  ) throws(NightError) {
    self.unplayable = unplayable
    self.source = source
    self.difficulty = difficulty
    self.category = category
    let room = NightRoom(
      title: plan.title, questions: questions, limit: limit, maxPlayers: plan.maxPlayers, onScreen: plan.onScreen,
      generator: SystemRandomNumberGenerator())
    host = NightHost(
      room: room,
      plan: .init(auto: plan.auto, startWhen: plan.startWhen, persists: plan.postgres != nil, scripted: clock.isVirtual)
    )
    // Connections beyond the players: those that come back, and strangers turned away.
    line = try network.host(plan, code: code, maxConnections: plan.maxPlayers + 64)
    self.plan = plan
    self.console = console
    self.clock = clock
    self.code = code
    // Said to every player by trivia-night if this process ends without saying goodbye.
    line.send(.lastWords(NightWire.encode(HostMessage.ended("The host has gone: the night is over."))))
  }

  private var room: NightRoom { host.room }

  /// What the host's screens show: the players' stage, as the room has it now, and what only
  /// the host sees.
  var view: NightView {
    let now = clock.now
    // The host sees what the big screen does: the question even when players see only shapes.
    var view = NightView(stage: room.screenStage(now: now))
    view.code = code
    view.joinLines = joinLines
    view.screen = screen.map { "\($0)#\(room.screenKey)" }
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
    handle(.batchEnded)
    sendHeld()
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
      // `trivia-night` says a night it resumes before it listens: none came.
      if let unplayable {
        console.say("No questions to play: \(unplayable) No night in PostgreSQL to resume either.")
        return leave()
      }
      listening = true
      perform(host.saveNow(now: clock.now))
      joinLines = addresses.map { "Join: " + JoinURL.text(address: $0, port: port, code: code) }
      if let ssh, let first = addresses.first {
        // A terminal with nothing installed: the line to type, and the key its client should see.
        joinLines.insert(
          contentsOf: Self.sshLines(port: ssh.port, fingerprint: ssh.fingerprint, address: first, code: code),
          at: addresses.count)
      }
      // The big screen, for a projector: the first address's, as the QR code's.
      screen = addresses.first.map { JoinURL.text(address: $0, port: port, code: code) + "/screen" }
      // Short, to fit beside the QR code on 80 columns: every Join line works.
      joinLines.append(
        plan.postgres != nil
          ? "Through its edges; kept in PostgreSQL."
          : plan.bind.map { "Listening on \($0) only." } ?? "Listening on every interface.")
      self.qr = plan.showsQR ? qr : nil
      show()
    case .sshListening(let port, let fingerprint):
      ssh = (port, fingerprint)
    case .opened:
      break
    case .text(let id, let text, let held):
      handle(.heard(id, text, heldMs: held))
    case .closed(let id, _):
      handle(.closed(id))
    case .failed(let reason):
      console.say("The night cannot go on: \(reason)")
      leave()
    case .refusing(let sentence):
      refused = sentence
      console.write([Line(sentence, style: .failure)])
    case .resumed(let code, let saved, let journal):
      resume(code: code, saved: saved, journal: journal)
    case .unreachable(let reason):
      // Its players are all about to go, and to come back once it is: their question waits.
      console.write([
        Line("\(reason): players cannot hear the night until it is back; what is scored is kept.", style: .failure)
      ])
      handle(.unreachable)
    case .reachable:
      console.write([Line("PostgreSQL is back: players come back with their tokens.", style: .dim)])
      handle(.reachable)
    }
  }

  /// The lobby's SSH lines: `ssh -p PORT CODE@ADDRESS` (an IPv6 address in brackets would not
  /// do: ssh takes it bare after the @), and the host key's fingerprint.
  static func sshLines(port: Int, fingerprint: String, address: String, code: String) -> [String] {
    ["SSH: ssh -p \(port) \(code)@\(address)", "Key: \(fingerprint)"]
  }

  /// The room a restarted host found in PostgreSQL, within the grace: its players come back
  /// with their tokens to the question, reveal or standings they left, and its question keeps
  /// the deadline it had (the save says when it was made, on the wall clock).
  private func resume(code: String, saved: String, journal: String) {
    guard let saved = try? JSONDecoder().decode(NightRoom.Saved.self, from: Data(saved.utf8)) else {
      return console.say("The night \(code) in PostgreSQL could not be read: a new night starts instead.")
    }
    self.code = code
    unplayable = nil
    // A scripted host's time is its script's: it passes only on `wait`.
    let ago =
      clock.isVirtual ? .zero : saved.savedAt.map { Duration.milliseconds(max(0, Self.wallMilliseconds - $0)) } ?? .zero
    // A line that does not read is one entry lost, not the night.
    let entries = journal.split(separator: "\n").compactMap(NightJournalEntry.init(line:))
    handle(.resumed(saved, savedAgo: ago, journal: entries, generator: SystemRandomNumberGenerator()))
    console.say("Night \(code) resumed from PostgreSQL, with \(PlayerList.counted(room.playerCount)) to come back.")
  }

  /// Now on the wall clock, which a restarted host shares with the one that saved.
  private static var wallMilliseconds: Int { Int((Date().timeIntervalSince1970 * 1_000).rounded()) }

  // MARK: The host's commands

  /// The names a `kick` can take, for Tab.
  var names: [String] { room.names }

  func start() {
    guard room.playerCount > 0 else { return console.say("Nobody is in yet: wait for a player to join.") }
    if let refusal = room.startRefusal { return console.say(refusal) }
    handle(.start)
  }

  func next() { handle(.next) }

  func skip() { handle(.skip) }

  func kick(_ name: String) {
    guard !name.isEmpty else { return console.say("kick takes a player's name, as in kick Ann.") }
    handle(.kick(name))
  }

  func end() { handle(.end) }

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
      perform(host.handle(.end, now: clock.now), showing: false)
    }
    line.stop()
  }

  /// The night as the history keeps it: the final table and the room's record of each question.
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
        questions: room.record.map { question in
          .init(
            number: question.number, question: question.text, correctAnswer: question.choices[question.correct],
            answered: question.answers.filter { $0.choice != nil }.count,
            right: question.answers.filter { $0.choice == question.correct }.count,
            answers: question.answers.map {
              .init(
                name: $0.name, chosen: $0.choice.map { question.choices[$0] }, isRight: $0.choice == question.correct,
                milliseconds: $0.ms, points: $0.points)
            })
        }))
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

  /// The room's next deadline, `--auto`'s next move, a save that waits, or the countdown's next
  /// second.
  var nextWake: Duration? { host.nextWake(now: clock.now) }

  func tick() { handle(.tick) }

  // MARK: Carrying out what the host decided

  private func handle(_ event: NightHost.Event) {
    perform(host.handle(event, now: clock.now))
  }

  /// Frames go to trivia-night in order, in one write up to each screen the host is shown; the
  /// screen follows the room once what led to it is out. `showing` false: the game is ending,
  /// and nothing moves on screen.
  private func perform(_ effects: [NightHost.Effect], showing: Bool = true) {
    var batch = RelayBatch()
    func send() {
      let commands = batch.take()
      if held != nil { held?.append(contentsOf: commands) } else { line.send(contentsOf: commands) }
    }
    for effect in effects {
      switch effect {
      case .output(.host(let notice)):
        console.write([Line(notice.description, style: .dim)])
      case .output(let output):
        batch.add(output)
      case .save(var saved):
        saved.savedAt = Self.wallMilliseconds
        guard let json = try? JSONEncoder().encode(saved) else { continue }
        batch.add(.save(String(decoding: json, as: UTF8.self)))
      case .journal(let entries):
        batch.add(.journal(entries.map { $0.line + "\n" }.joined()))
      case .revealed(let question):
        // Over several machines, PostgreSQL keeps them too, where every edge and host can read them.
        guard plan.postgres != nil, let json = try? JSONEncoder().encode(question.answers) else { continue }
        batch.add(.answers(question: question.number, json: String(decoding: json, as: UTF8.self)))
      case .show(let phase):
        send()
        if showing { show(phase) }
      }
    }
    send()
  }

  /// The screen of a phase of the room (the current one unless told).
  private func show(_ phase: NightPhase? = nil) {
    guard listening else { return }
    let phase = phase ?? room.phase
    if phase == .final || phase == .ended { keepOnce() }
    follow(NightPlace(host: phase))
  }
}
