import FoundationEssentials
import NightKit
import NightRelay

/// The host's process: the product's `NightHost` fed what its relay takes from PostgreSQL (or
/// its pipe), its effects carried out as `trivia host` carries them out.
extension Simulation {
  /// The room's relay takes every frame waiting for it, in order.
  func roomTakes(life: Int) {
    guard life == self.life, host != nil, postgresUp || !overEdges, !roomInbox.isEmpty else { return }
    let rows = roomInbox
    roomInbox = []
    for row in rows {
      // Over edges, the relay adds how long a row waited to what its edge held it (as
      // `trivia-night room` does); on one host nothing: `serve` writes to the pipe as it comes.
      var frames = overEdges ? RelayLines.adding(held: now - row.queuedAt, to: row.frames) : row.frames
      for event in RelayLines.events(&frames) {
        switch event {
        case .opened(let connection, _):
          roomKnows.insert(connection)
        case .text(let connection, let text, let held):
          roomKnows.insert(connection)
          guard let heard = heardAt[connection]?[text] else {
            violated("the room heard \(connection) say what no server heard: \(text)")
            continue
          }
          if overEdges, now - held != heard {
            violated("a text heard at \(heard) reached the room as heard at \(now - held)")
          }
          let effects = hostStep(.heard(connection, text, heldMs: held), at: now)
          noteAcceptance(of: text, from: connection, heardAt: heard, in: effects)
        case .closed(let connection, _):
          guard roomKnows.remove(connection) != nil else { continue }
          hostStep(.closed(connection), at: now)
        default:
          continue
        }
      }
    }
    hostStep(.batchEnded, at: now)
  }

  /// One event through the host, and its effects carried out; the rules checked after.
  @discardableResult
  func hostStep(_ event: NightHost.Event, at time: Int) -> [NightHost.Effect] {
    guard var host else { return [] }
    let before = host.room.phase
    let effects = host.handle(event, now: .milliseconds(time))
    self.host = host
    var outputs: [NightOutput] = []
    for effect in effects {
      switch effect {
      case .output(let output): outputs.append(output)
      case .save(var room):
        // As `trivia host` writes it: stamped with its wall clock, JSON, through the room's
        // link to PostgreSQL.
        room.savedAt = time
        guard let json = try? JSONEncoder().encode(room) else {
          violated("the room could not be saved")
          continue
        }
        if postgresUp { saved = json } else { unsaved = json }
      case .journal(let entries):
        // Through the link's queue, ahead of what the room sends after it.
        if postgresUp { journal += entries } else { unjournaled += entries }
      case .revealed(let record):
        checkReveal(record)
        if postgresUp || !overEdges { keep(record) } else { unkept.append(record) }
      case .show: break
      }
    }
    observe(outputs)
    route(outputs)
    if host.room.phase != before { say("room: \(before) → \(host.room.phase)") }
    scheduleTick()
    return effects
  }

  /// The room's next wake, as `trivia host`'s loop waits for it.
  func scheduleTick() {
    guard let host, let wake = host.nextWake(now: .milliseconds(now)) else { return }
    tickGeneration += 1
    let (seconds, attoseconds) = wake.components
    let ms = Int(seconds) * 1_000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    schedule(.tick(life: life, generation: tickGeneration), at: ms)
  }

  /// A question's answers written to PostgreSQL: the reveal can no longer be taken back.
  func keep(_ record: NightRecord) {
    if kept[record.number] == nil { kept[record.number] = record }
  }

  /// What the room decided, to the edges of its connections: through PostgreSQL, or the pipe.
  func route(_ outputs: [NightOutput]) {
    var commands: [Int: [Command]] = [:]
    for output in outputs {
      switch output {
      case .send(let message, let to):
        var receivers: [Int: [ConnectionID]] = [:]
        for connection in to { receivers[Self.edge(of: connection), default: []].append(connection) }
        for (edge, ids) in receivers.sorted(by: { $0.key < $1.key }) {
          commands[edge, default: []].append(.send(message, to: ids))
        }
      case .close(let connection, let message):
        commands[Self.edge(of: connection), default: []].append(.close(connection, message))
      case .host(let notice):
        say("host: \(notice)")
      }
    }
    for (edge, list) in commands.sorted(by: { $0.key < $1.key }) { send(list, to: edge) }
  }

  func send(_ commands: [Command], to edge: Int) {
    guard overEdges else {
      edges[0].inbox += commands
      schedule(.edgeTakes(edge: 0), at: deliver(on: "pipe down"))
      return
    }
    guard postgresUp else {
      roomLink += commands.map { (edge, $0) }
      return
    }
    guard edges.indices.contains(edge), edges[edge].alive else { return }
    edges[edge].inbox += commands
    schedule(.edgeTakes(edge: edge), at: deliver(on: "room to \(edge)"))
  }

  static func edge(of connection: ConnectionID) -> Int { Int(connection.rawValue >> 32) }

  // MARK: Faults of the room and of PostgreSQL

  /// The host's process is killed: the room in its memory, its link's queue and its relay's
  /// table die with it. Only PostgreSQL keeps anything.
  func killRoom() {
    host = nil
    life += 1
    roomKnows = []
    roomLink = []
    unsaved = nil
    unjournaled = []
    unkept = []
    roomThinksDown = false
    schedule(.roomRestarts, at: now + faultRandom.int(1_000...20_000))
  }

  /// `trivia host` started again within the grace: it resumes the night PostgreSQL kept, and
  /// every edge closes what it holds of the night (the new room knows no connection).
  func roomRestarts() {
    guard let saved, let room = try? JSONDecoder().decode(NightRoom.Saved.self, from: saved) else {
      return violated("the room could not be resumed from PostgreSQL")
    }
    let fresh = NightRoom(
      title: "Simulated", questions: questions, limit: .milliseconds(limitMs), maxPlayers: 100,
      generator: tokenRandom.split())
    host = NightHost(room: fresh, plan: .init(auto: true, startWhen: startWhen, persists: true, scripted: false))
    say("room resumes from PostgreSQL in \(room.phase)")
    hostStep(
      .resumed(
        room, savedAgo: .milliseconds(now - (room.savedAt ?? now)), journal: journal, generator: tokenRandom.split()),
      at: now)
    for edge in edges.indices where edges[edge].alive { send([.closeAll], to: edge) }
    schedule(.roomTakes(life: life), at: deliver(on: "to room"))
  }

  func roomNotices(_ notice: Notice, life: Int) {
    guard life == self.life, host != nil else { return }
    switch notice {
    case .postgresDown:
      guard !postgresUp, !roomThinksDown else { return }
      roomThinksDown = true
      // Said before its players go: the host keeps their question open for them.
      hostStep(.unreachable, at: now)
      for connection in roomKnows.sorted(by: { $0.rawValue < $1.rawValue }) {
        hostStep(.closed(connection), at: now)
      }
      roomKnows = []
    case .postgresUp:
      guard postgresUp, roomThinksDown else { return }
      roomThinksDown = false
      hostStep(.reachable, at: now)
    case .edgeGone(let edge):
      guard postgresUp else {
        return schedule(.roomNotices(life: life, what: notice), at: now + 1_000)
      }
      let gone = roomKnows.filter { Self.edge(of: $0) == edge }.sorted { $0.rawValue < $1.rawValue }
      for connection in gone {
        roomKnows.remove(connection)
        hostStep(.closed(connection), at: now)
      }
    }
  }

  func pausePostgres() {
    postgresUp = false
    schedule(.recover(.postgresPause), at: now + faultRandom.int(1_000...25_000))
    schedule(.roomNotices(life: life, what: .postgresDown), at: now + faultRandom.int(100...3_000))
    for edge in edges.indices where edges[edge].alive {
      schedule(.edgeNoticesDown(edge: edge), at: now + faultRandom.int(100...3_000))
    }
  }

  /// PostgreSQL is back: what each link held is written, in order, and read.
  func resumePostgres() {
    postgresUp = true
    // The question open is said from now on: its deadline as the room set it.
    observe([])
    if let unsaved {
      saved = unsaved
      self.unsaved = nil
    }
    journal += unjournaled
    unjournaled = []
    for record in unkept { keep(record) }
    unkept = []
    for edge in edges.indices where edges[edge].alive {
      edges[edge].noticedDown = false
      if !edges[edge].linkQueue.isEmpty {
        roomInbox += edges[edge].linkQueue
        edges[edge].linkQueue = []
      }
    }
    schedule(.roomTakes(life: life), at: deliver(on: "to room"))
    let held = roomLink
    roomLink = []
    var perEdge: [Int: [Command]] = [:]
    for (edge, command) in held { perEdge[edge, default: []].append(command) }
    for (edge, list) in perEdge.sorted(by: { $0.key < $1.key }) { send(list, to: edge) }
    for edge in edges.indices where edges[edge].alive && !edges[edge].inbox.isEmpty {
      schedule(.edgeTakes(edge: edge), at: deliver(on: "room to \(edge)"))
    }
    schedule(.roomNotices(life: life, what: .postgresUp), at: now + faultRandom.int(100...2_000))
  }
}
