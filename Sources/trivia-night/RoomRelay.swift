#if Cluster
  import Synchronization
  import Glibc
  import NightCluster
  import NightKit
  import NightRelay
  import PostgresNIO

  /// The room's side of a night over several machines: the game's pipe on one side, its
  /// night's channels in PostgreSQL on the other, and a `RoomLine` deciding between them.
  @MainActor
  struct RoomRelay {
    let postgres: String
    let address: String
    let code: String

    /// As long as a dropped player's place is kept: a room back within it resumes its night.
    static let graceSeconds = 60

    func run() async {
      let server: PostgresAddress
      do {
        server = try PostgresAddress(postgres)
      } catch {
        return Relay.say(.failed("--postgres: \(error)"))
      }
      guard let (host, port) = Self.split(address) else {
        return Relay.say(
          .failed("--address must be HOST:PORT, where players reach the night (its balancer), not '\(address)'."))
      }
      var code = self.code
      var resumed: (room: String, journal: String)?
      do {
        try await PostgresLink.with(server, id: 1) { connection in
          try await NightTables.create(on: connection)
          if let (found, room) = try await NightTables.resumable(grace: Self.graceSeconds, on: connection) {
            let journal = try await NightTables.journal(code: found, on: connection)
            (code, resumed) = (found, (room, journal))
          }
        }
      } catch {
        return Relay.say(.failed("PostgreSQL at \(server) cannot be reached: \(PostgresLink.reason(error))."))
      }
      let link = PostgresLink(
        address: server, channels: [ClusterChannel.room(code)], broadcasts: [ClusterChannel.nights],
        kept: [ClusterChannel.journal(code)], window: .milliseconds(20))
      let night = code
      let address = address
      link.start { connection in
        try await NightTables.create(on: connection)
        try await NightTables.claim(code: night, address: address, on: connection)
      }
      guard await Self.firstUp(link) else {
        await link.stop()
        return Relay.say(.failed("PostgreSQL at \(server) cannot be reached."))
      }
      // Edges close what they hold of this night: a room that starts knows no connection,
      // and its players come back with their tokens.
      link.send(Array(code.utf8), to: ClusterChannel.nights)
      if let resumed { Relay.say(.resumed(code: code, room: resumed.room, journal: resumed.journal)) }
      let join = JoinURL.text(address: host, port: port, code: code)
      Relay.say(.listening(port: port, addresses: [host], qr: QRModules.rows(for: join)))
      await relay(link, code: code)
      await link.stop()
    }

    /// Waits for the link's first word: up, or down.
    private static func firstUp(_ link: PostgresLink) async -> Bool {
      while true {
        var waits = [pollfd(fd: link.descriptor, events: Int16(POLLIN), revents: 0)]
        _ = poll(&waits, 1, 100)
        for event in link.drain() {
          switch event {
          case .up: return true
          case .down: return false
          case .frames: break
          }
        }
        await Task.yield()
      }
    }

    /// Runs the room's `RoomLine` with the game's pipe and PostgreSQL until the game stops the
    /// night, or is gone (killed, or its terminal closed): the night then stays as saved, and its
    /// players on their edges, for a room started again within the grace.
    private func relay(_ link: PostgresLink, code: String) async {
      var relay = Relay()
      let start = ContinuousClock.now
      var line = RoomLine(now: .zero)
      let saver = Saver(code: code)
      while true {
        let (commands, ready) = relay.wait(network: link.descriptor, timeout: 500)
        var events: [RoomLine.Event] = []
        if ready {
          for event in link.drain() {
            switch event {
            case .frames(_, let frames, let waited): events.append(.frames(frames, waitedMs: waited))
            case .down(let reason): events.append(.down(reason))
            case .up: events.append(.up)
            }
          }
        }
        // The game gone: what arrived is still said, as the last thing it would hear.
        if let commands { events += [.commands(commands), .tick] }
        // What arrived together reaches the game in one write.
        var toGame: [UInt8] = []
        defer { if !toGame.isEmpty { Relay.say(bytes: toGame) } }
        while !events.isEmpty {
          let event = events.removeFirst()
          for effect in line.handle(event, now: .now - start) {
            switch effect {
            case .game(let bytes): toGame += bytes
            case .edge(let edge, let bytes): link.send(bytes, to: ClusterChannel.edge(edge))
            case .journal(let lines): link.send(Array(lines.utf8), to: ClusterChannel.journal(code))
            case .save(let room): saver.save(room, on: link)
            case .lastWords(let text): saver.lastWords(text, on: link)
            case .answers(let question, let json): saver.keep(answers: json, question: question, on: link)
            case .again: saver.again(on: link)
            case .alive: try? await NightTables.alive(code: code, on: link)
            case .checkEdges(let edges):
              let gone = (try? await Self.goneEdges(edges, on: link)) ?? []
              for edge in gone { try? await NightTables.forget(channel: ClusterChannel.edge(edge), on: link) }
              if !gone.isEmpty { events.append(.gone(gone)) }
            case .stop:
              // The edges end the night, and PostgreSQL forgets its queues: for at most 10 s,
              // since a statement to a server that went away may never answer, and a room
              // whose game is gone must end (one once outlived its test by 12 minutes).
              let ended = Mutex(false)
              Task {
                await saver.end(on: link)
                link.send(Array("end \(code)".utf8), to: ClusterChannel.nights)
                await link.flushed()
                try? await NightTables.forget(channel: ClusterChannel.room(code), on: link)
                try? await NightTables.forgetJournal(code: code, on: link)
                ended.withLock { $0 = true }
              }
              let until = ContinuousClock.now + .seconds(10)
              while !ended.withLock({ $0 }), ContinuousClock.now < until {
                try? await Task.sleep(for: .milliseconds(10))
              }
              return
            }
          }
        }
        guard commands != nil else { return }
      }
    }

    /// Edges whose backend is gone: their process died, or lost its server for good.
    private static func goneEdges(_ edges: [Int], on link: PostgresLink) async throws -> [Int] {
      let rows = try await link.run(
        """
        SELECT e.id FROM unnest(\(edges)::int8[]) AS e(id)
        WHERE NOT EXISTS (
          SELECT 1 FROM trivia_edges t JOIN pg_stat_activity a ON a.pid = t.pid WHERE t.id = e.id)
        """)
      return try rows.map { try Int($0.decode(Int64.self)) }
    }

    static func split(_ address: String) -> (String, Int)? {
      guard let colon = address.lastIndex(of: ":"), let port = Int(address[address.index(after: colon)...]),
        (1...65_535).contains(port)
      else { return nil }
      var host = address[..<colon]
      if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
      return host.isEmpty ? nil : (String(host), port)
    }
  }
#endif
