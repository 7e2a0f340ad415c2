import FoundationEssentials
import NightKit
import NightRelay

/// The host's process: the product's `NightHost` fed what its relay takes from PostgreSQL (or
/// its pipe), its effects carried out as `trivia host` carries them out.
extension Simulation {
  /// The room's relay takes every frame waiting for it, in order.
  func roomTakes(life: Int) {
    guard life == self.life, host != nil, postgresUp || !overEdges, !roomInbox.isEmpty else { return }
    // A take is every row seen, in their numbers' order (`ORDER BY id`).
    let rows = overEdges ? roomInbox.sorted { $0.id < $1.id } : roomInbox
    roomInbox = []
    for row in rows {
      if overEdges {
        roomNotices.took(row.id)
        newestTaken = max(newestTaken, row.id)
      }
      // Over edges, through the room's relay, which adds how long a row waited to what its edge
      // held it; on one host straight to the game: `serve` writes to the pipe as it comes.
      guard overEdges else {
        hostHears(row.frames)
        continue
      }
      relay(.frames(row.frames, waitedMs: now - row.queuedAt))
    }
    hostStep(.batchEnded, at: now)
  }

  /// One event through the room's relay, and its effects carried out.
  func relay(_ event: RoomLine.Event) {
    for effect in roomLine.handle(event, now: .milliseconds(now)) {
      switch effect {
      case .game(let bytes): hostHears(bytes)
      case .edge(let edge, let bytes): send(.frames(bytes), to: edge)
      // What the room keeps is written as `hostStep` finds it (the model of PostgreSQL's tables).
      case .journal, .save, .lastWords, .answers, .again, .checkEdges, .alive, .stop: break
      }
    }
  }

  /// The game reads what its pipe brought: each event through the host.
  private func hostHears(_ bytes: [UInt8]) {
    var frames = bytes
    for event in RelayLines.events(&frames) {
      switch event {
      case .text(let connection, let text, let held):
        guard let heard = heardAt[connection]?[text] else {
          violated("the room heard \(connection) say what no server heard: \(text)")
          continue
        }
        if overEdges, now - held != heard {
          violated("a text heard at \(heard) reached the room as heard at \(now - held)")
        }
        let effects = hostStep(.heard(connection, text, heldMs: held), at: now)
        noteAcceptance(of: text, from: connection, heardAt: heard, in: effects)
      case .closed(let connection, _): hostStep(.closed(connection), at: now)
      case .unreachable: hostStep(.unreachable, at: now)
      case .reachable: hostStep(.reachable, at: now)
      default: continue
      }
    }
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

  /// What the room decided, as `trivia host` commands it: over edges through the room's relay
  /// and PostgreSQL, on one host down the pipe to `serve`.
  func route(_ outputs: [NightOutput]) {
    var batch = RelayBatch()
    for output in outputs {
      if case .host(let notice) = output { say("host: \(notice)") }
      batch.add(output)
    }
    let commands = batch.take()
    guard !commands.isEmpty else { return }
    guard overEdges else {
      var bytes: [UInt8] = []
      for command in commands { RelayLines.encode(command, into: &bytes) }
      return send(.frames(bytes), to: 0)
    }
    relay(.commands(commands))
  }

  func send(_ command: Command, to edge: Int) {
    guard overEdges else {
      edges[0].inbox.append(command)
      schedule(.edgeTakes(edge: 0), at: deliver(on: "pipe down"))
      return
    }
    guard postgresUp else {
      roomLink.append((edge, command))
      return
    }
    guard edges.indices.contains(edge), edges[edge].alive else { return }
    edges[edge].inbox.append(command)
    schedule(.edgeTakes(edge: edge), at: deliver(on: "room to \(edge)"))
  }

  // MARK: Faults of the room and of PostgreSQL

  /// The host's process is killed: the room in its memory, its link's queue and its relay's
  /// table die with it. Only PostgreSQL keeps anything.
  func killRoom() {
    host = nil
    life += 1
    roomLine = RoomLine(now: .milliseconds(now))
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
    (roomNotices, newestTaken) = (QueueNotices(), 0)
    roomHearsSince = now
    say("room resumes from PostgreSQL in \(room.phase)")
    hostStep(
      .resumed(
        room, savedAgo: .milliseconds(now - (room.savedAt ?? now)), journal: journal, generator: tokenRandom.split()),
      at: now)
    for edge in edges.indices where edges[edge].alive { send(.news(Self.code), to: edge) }
    schedule(.roomTakes(life: life), at: deliver(on: "to room"))
  }

  func roomNotices(_ notice: Notice, life: Int) {
    guard life == self.life, host != nil else { return }
    switch notice {
    case .postgresDown:
      guard !postgresUp, !roomThinksDown else { return }
      roomThinksDown = true
      relay(.down("PostgreSQL paused"))
    case .postgresUp:
      guard postgresUp, roomThinksDown else { return }
      roomThinksDown = false
      relay(.up)
    case .edgeGone(let edge):
      // Found by the relay's check each second, which waits for PostgreSQL.
      guard postgresUp else {
        return schedule(.roomNotices(life: life, what: notice), at: now + 1_000)
      }
      relay(.gone([edge]))
    }
    hostStep(.batchEnded, at: now)
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
      if edges[edge].noticedDown {
        edges[edge].noticedDown = false
        edgeStep(edge, .up)
      }
      for row in edges[edge].linkQueue { insert(row, from: edge) }
      edges[edge].linkQueue = []
    }
    rolledBack = [:]
    roomHearsSince = now
    schedule(.roomTakes(life: life), at: deliver(on: "to room"))
    let held = roomLink
    roomLink = []
    for (edge, command) in held { send(command, to: edge) }
    for edge in edges.indices where edges[edge].alive && !edges[edge].inbox.isEmpty {
      schedule(.edgeTakes(edge: edge), at: deliver(on: "room to \(edge)"))
    }
    schedule(.roomNotices(life: life, what: .postgresUp), at: now + faultRandom.int(100...2_000))
  }
}
