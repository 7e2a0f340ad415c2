import NightKit
import NightRelay

/// The players' servers: over edges, each an edge that batches what its players say (the
/// product's `EdgeBatch`) and writes it to PostgreSQL; on one host, `trivia-night serve`, which
/// writes each event to the host's pipe as it comes.
extension Simulation {
  /// A player's connection is opened on a live edge (the balancer's pick).
  func dial(_ index: Int) {
    guard !players[index].done, players[index].connection == nil else { return }
    if let away = players[index].awayUntil, now < away { return }
    players[index].awayUntil = nil
    if players[index].terminal, players[index].line == nil {
      players[index].line = PlayerLine(address: "sim", comingBack: players[index].token != nil)
    }
    let live = edges.indices.filter { edges[$0].alive }
    guard !live.isEmpty else { return lost(index, reason: "connection refused") }
    let edge = live[netRandom.int(0...(live.count - 1))]
    let connection = ConnectionID(edge: edge, local: ConnectionID(edges[edge].nextLocal))
    edges[edge].nextLocal += 1
    edges[edge].connections[connection] = index
    edgeHears(.opened(connection, address: "simulated"), on: edge)
    players[index].connection = connection
    players[index].edge = edge
    players[index].scheduled = []
    let join = NightWire.encode(PlayerMessage.join(name: players[index].name, token: players[index].token))
    say("\(players[index].name) dials edge \(edge) as \(connection)")
    lineStep(index, .connected)
    schedule(
      .upstream(edge: edge, connection: connection, text: join), at: deliver(on: "up \(connection.rawValue)"))
  }

  /// A player's text reaches its server, which holds it for the next batch.
  func heard(_ text: String, from connection: ConnectionID, on edge: Int) {
    guard edges[edge].alive, edges[edge].connections[connection] != nil else { return }
    heardAt[connection, default: [:]][text] = heardAt[connection]?[text] ?? now
    edgeHears(.text(connection, text), on: edge)
  }

  /// The server sees a connection close from the player's side.
  func edgeLoses(_ connection: ConnectionID, on edge: Int) {
    guard edges[edge].alive, edges[edge].connections.removeValue(forKey: connection) != nil else { return }
    edgeHears(.closed(connection, reason: nil), on: edge)
  }

  func edgeHears(_ event: RelayEvent, on edge: Int) {
    guard overEdges else {
      // `trivia-night serve` writes each event to the pipe as it comes.
      roomInbox.append(Row(frames: RelayLines.encode(event), queuedAt: now))
      return schedule(.roomTakes(life: life), at: deliver(on: "pipe up"))
    }
    edgeStep(edge, .heard(event))
  }

  /// The simulated night's code, as PostgreSQL's tables name it.
  static let code = "SIMNIGHT"

  /// One event through an edge's `EdgeLine`, and its effects carried out; its next tick
  /// scheduled.
  func edgeStep(_ edge: Int, _ event: EdgeLine.Event) {
    guard edges[edge].alive else { return }
    var events = [event]
    while !events.isEmpty {
      let event = events.removeFirst()
      for effect in edges[edge].line.handle(event, now: .milliseconds(now)) {
        switch effect {
        case .say(let line): say("edge \(edge): \(line)")
        // The tables always hold the night: a room gone comes back within its grace.
        case .lookNewest(let news): events.append(.newest(code: Self.code, address: "sim:80", news: news))
        case .serve(let code, _): events.append(.serving(code))
        case .closeAll(let reason): closeAll(on: edge, cause: reason)
        case .batch(_, let frames): sendBatch(frames, of: edge)
        case .stop, .tell, .lookGivenUp, .forget: break
        }
      }
    }
    guard edges[edge].alive, let due = edges[edge].line.due else { return }
    let at = max(now, Int((due / .milliseconds(1)).rounded(.up)))
    if edges[edge].tickAt.map({ at < $0 }) ?? true {
      edges[edge].tickAt = at
      schedule(.batch(edge: edge), at: at)
    }
  }

  /// An edge's next tick is due.
  func edgeTicks(_ edge: Int) {
    if let at = edges[edge].tickAt, at <= now { edges[edge].tickAt = nil }
    edgeStep(edge, .tick)
  }

  /// The batch goes to PostgreSQL; while PostgreSQL is down the link keeps it in memory.
  func sendBatch(_ frames: [UInt8], of edge: Int) {
    let batch = Row(frames: frames, queuedAt: now)
    var copy = batch.frames
    if sabotage == .dropBatch, RelayLines.events(&copy).contains(where: { if case .text = $0 { true } else { false } }),
      netRandom.chance(0.05)
    {
      return say("edge \(edge) loses a batch (sabotage)")
    }
    guard postgresUp else {
      edges[edge].linkQueue.append(batch)
      return
    }
    insert(batch, from: edge)
  }

  /// A batch inserted into `trivia_frames`: numbered now, seen when its statement commits a
  /// little later. One edge's statements commit in order; two edges' in either (#35).
  func insert(_ batch: Row, from edge: Int) {
    var row = batch
    lastRowID += 1
    row.id = lastRowID
    // A commit may be slow (a busy server): slower than a statement sent after it elsewhere.
    schedule(.commit(edge: edge, row: row), at: deliver(on: "commit \(edge)"))
  }

  /// A statement commits, and its NOTIFY goes to the room's listener if one is connected. One
  /// that PostgreSQL stopped before is rolled back: its edge, if alive, sends it again first.
  func commit(_ row: Row, from edge: Int) {
    guard postgresUp else {
      guard edges[edge].alive else { return }
      var again = row
      again.id = 0
      edges[edge].linkQueue.insert(again, at: min(rolledBack[edge, default: 0], edges[edge].linkQueue.count))
      rolledBack[edge, default: 0] += 1
      return
    }
    var row = row
    row.committedAt = now
    roomInbox.append(row)
    guard host != nil else { return }
    schedule(.roomNotified(life: life, row: row.id), at: deliver(on: "to room, notify"))
  }

  /// The NOTIFY of a row reaches the room's link, which takes if its `QueueNotices` says so.
  func roomNotified(_ row: Int64, life: Int) {
    guard life == self.life, host != nil, postgresUp else { return }
    let take = sabotage == .passOverNotices ? row > newestTaken : roomNotices.notified(row)
    guard take else { return say("room passes over the NOTIFY of row \(row)") }
    roomTakes(life: life)
    roomNotices.tookAll(notified: row)
  }

  /// The edge takes what the room sent it and passes it to its players.
  func edgeTakes(_ edge: Int) {
    guard edges[edge].alive, postgresUp || !overEdges else { return }
    let commands = edges[edge].inbox
    edges[edge].inbox = []
    for command in commands {
      switch command {
      case .frames(var bytes):
        var handler = EdgeCommands(simulation: self, edge: edge)
        for command in RelayLines.commands(&bytes) { _ = command.apply(to: &handler) }
      case .news(let news):
        edgeStep(edge, .news(news))
      }
    }
  }

  /// What an edge does with the room's commands, as `trivia edge` does with its server's sockets.
  private struct EdgeCommands: RelayCommand.Handler {
    let simulation: Simulation
    let edge: Int

    mutating func send(_ text: String, to connections: [ConnectionID]) {
      guard let message = try? NightWire.decodeHost(text) else {
        return simulation.violated("edge \(edge) was sent what no player can read: \(text)")
      }
      for connection in connections { simulation.edgeSends(message, to: connection, on: edge) }
    }

    mutating func yours(_ rows: [RelayCommand.Personal]) {
      for row in rows {
        guard let you = NightYou(row: row.row) else {
          return simulation.violated("edge \(edge) was sent a verdict it cannot read: \(row.row)")
        }
        simulation.edgeSends(.you(you), to: row.to, on: edge)
      }
    }

    mutating func close(_ connection: ConnectionID) {
      let simulation = simulation
      guard let player = simulation.edges[edge].connections.removeValue(forKey: connection) else { return }
      simulation.toPlayer(player, nil, close: true, on: connection)
      simulation.edgeHears(.closed(connection, reason: nil), on: edge)
    }
  }

  func edgeSends(_ message: HostMessage, to connection: ConnectionID, on edge: Int) {
    guard let player = edges[edge].connections[connection] else { return }
    toPlayer(player, message, close: false, on: connection)
  }

  /// Every player of the edge loses its connection (the room restarted, PostgreSQL is gone).
  func closeAll(on edge: Int, cause: String) {
    for (connection, player) in edges[edge].connections.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      edges[edge].connections[connection] = nil
      players[player].cutOff = players[player].cutOff ?? (now, cause)
      toPlayer(player, nil, close: true, on: connection)
      edgeHears(.closed(connection, reason: nil), on: edge)
    }
  }

  func toPlayer(_ player: Int, _ message: HostMessage?, close: Bool, on connection: ConnectionID) {
    let stall = max(0, players[player].stalledUntil - now)
    schedule(
      .downstream(player: player, connection: connection, message: message, close: close),
      at: deliver(on: "down \(connection.rawValue)", extra: stall))
  }

  func edgeNoticesDown(_ edge: Int) {
    guard edges[edge].alive, !postgresUp, !edges[edge].noticedDown else { return }
    edges[edge].noticedDown = true
    edgeStep(edge, .down("PostgreSQL paused"))
  }

  /// An edge's process is killed: its sockets reset, what it held and what its link queued
  /// are lost; the room hears of it when its relay sees the edge's backend gone.
  func killEdge(_ edge: Int) {
    edges[edge].alive = false
    for (connection, player) in edges[edge].connections.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      players[player].cutOff = players[player].cutOff ?? (now, "edge \(edge) killed")
      schedule(
        .downstream(player: player, connection: connection, message: nil, close: true),
        at: now + netRandom.int(0...1_000))
    }
    edges[edge].connections = [:]
    edges[edge].linkQueue = []
    rolledBack[edge] = nil
    edges[edge].inbox = []
    schedule(.roomNotices(life: life, what: .edgeGone(edge)), at: now + faultRandom.int(200...1_500))
    schedule(.recover(.edgeKill), at: now + faultRandom.int(2_000...20_000))
  }
}
