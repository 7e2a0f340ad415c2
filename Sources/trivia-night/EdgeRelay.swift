#if Cluster
  import Glibc
  import NightCluster
  import NightKit
  import NightRelay
  import PostgresNIO
  import TriviaNight

  /// An edge of a night over several machines: players' sockets, their page, pings and the
  /// guess limiter (a `NightServer`, as `serve` has), and PostgreSQL in place of the game's
  /// pipe. It keeps no rules: what players say goes to the room, batched; what the room sends
  /// goes to the players named. It serves the newest night not ended, and the next one after.
  @MainActor
  struct EdgeRelay {
    let postgres: String
    let port: Int
    let bind: String?
    let maxConnections: Int
    let balancer: String?

    /// What players hear from an edge whose room never came back, if the room said nothing.
    static let hostGone = #"{"ended":"The host has gone: the night is over."}"#

    /// The night being served, and its server.
    private struct Serving {
      var code: String
      var server: NightServer
      /// Its connections: told the night is over if the room never comes back.
      var open: Set<ConnectionID> = []
      /// The night ended: by then its queue has brought the room's last words.
      var endsBy: ContinuousClock.Instant?
      /// What its players said since the last batch went to the room.
      var batch = EdgeBatch()
    }

    func run() async {
      let server: PostgresAddress
      do {
        server = try PostgresAddress(postgres)
      } catch {
        return Self.fail("--postgres: \(error)")
      }
      let edge: Int
      do {
        let connection = try await PostgresLink.connect(server, id: 1)
        do {
          try await NightTables.create(on: connection)
          edge = try await NightTables.register(on: connection)
        } catch {
          try? await connection.close()
          throw error
        }
        try? await connection.close()
      } catch {
        return Self.fail("PostgreSQL at \(server) cannot be reached: \(PostgresLink.reason(error)).")
      }
      let link = PostgresLink(
        address: server, channels: [ClusterChannel.nights, ClusterChannel.edge(edge)],
        broadcasts: [ClusterChannel.nights], window: .zero)
      link.start { connection in
        try await NightTables.create(on: connection)
        try await NightTables.hold(edge: edge, on: connection)
      }
      say("Edge \(edge) of \(server): waiting for a night.")
      var serving: Serving?
      var wasDown = false
      var lastLook = ContinuousClock.now
      let start = ContinuousClock.now
      while true {
        if let current = serving, let endsBy = current.endsBy, ContinuousClock.now >= endsBy {
          await current.server.stop()
          serving = nil
          say("Night \(current.code) ended: waiting for the next.")
        }
        // A room gone past the grace will not resume its night: its players hear it is over.
        if let current = serving, !wasDown, ContinuousClock.now - lastLook >= .seconds(5) {
          lastLook = .now
          if let words = try? await NightTables.givenUp(code: current.code, grace: RoomRelay.graceSeconds, on: link) {
            current.server.send(words ?? Self.hostGone, to: Array(current.open))
            await current.server.stop()
            try? await NightTables.forget(channel: ClusterChannel.room(current.code), on: link)
            serving = nil
            say("Night \(current.code): its host has been gone over \(RoomRelay.graceSeconds) s; the night is over.")
          }
        }
        if let current = serving, let frames = serving?.batch.take(now: .now - start), !frames.isEmpty {
          link.send(frames, to: ClusterChannel.room(current.code))
        }
        var waits = [pollfd(fd: link.descriptor, events: Int16(POLLIN), revents: 0)]
        if let serving { waits.append(pollfd(fd: serving.server.descriptor, events: Int16(POLLIN), revents: 0)) }
        let due = serving?.batch.due.map { (start + $0 - .now) / .milliseconds(1) }
        guard
          poll(&waits, nfds_t(waits.count), due.map { Int32(max(0, min($0.rounded(.up), 1000))) } ?? 1000) >= 0
            || errno == EINTR
        else { break }
        if let current = serving, waits.count > 1, waits[1].revents != 0 {
          let now = ContinuousClock.now - start
          for event in current.server.drain() {
            switch event {
            case .opened(let id, _): serving?.open.insert(id)
            case .closed(let id): serving?.open.remove(id)
            case .text, .refusing: break
            }
            serving?.batch.hold(Self.relayed(event, edge: edge), at: now)
          }
        }
        guard waits[0].revents != 0 else { continue }
        for event in link.drain() {
          switch event {
          case .up:
            if wasDown { say("PostgreSQL is back: players come back with their tokens.") }
            wasDown = false
            serving = await follow(nil, serving: serving, link: link)
          case .down(let reason):
            // Players hear it, and come back with their tokens once the server does.
            say("\(reason): its players are told.")
            wasDown = true
            serving?.server.closeAll(reason: "The night's server lost its database")
          case .frames(let channel, let frames, _) where channel == ClusterChannel.nights:
            serving = await follow(String(decoding: frames, as: UTF8.self), serving: serving, link: link)
          case .frames(_, var frames, _):
            guard let current = serving else { break }
            var handler = ServerCommands(server: current.server, local: \.local)
            for command in RelayLines.commands(&frames) {
              guard !command.apply(to: &handler) else { continue }
              // `stop`: the night is over here.
              await current.server.stop()
              serving = nil
              say("Night \(current.code) ended: waiting for the next.")
              break
            }
          }
        }
      }
    }

    /// What a NOTIFY on the nights' channel says (`CODE`: a room started; `end CODE`), or, at
    /// nil, the newest night in the tables: serves it, closing what a restarted room does not know.
    private func follow(_ news: String?, serving: Serving?, link: PostgresLink) async -> Serving? {
      if let news, news.hasPrefix("end ") {
        guard var serving, serving.code == news.dropFirst(4) else { return serving }
        // Its players' last messages (the final table) and the room's `stop` come on this
        // edge's own queue, which this NOTIFY may overtake: they end it, or a few seconds do.
        guard serving.open.isEmpty else {
          serving.endsBy = .now + .seconds(5)
          return serving
        }
        await serving.server.stop()
        say("Night \(serving.code) ended: waiting for the next.")
        return nil
      }
      guard let (code, address) = try? await NightTables.newest(on: link) else { return serving }
      if let serving, serving.code == code {
        // Its room started again: it knows none of these connections.
        if news == code { serving.server.closeAll(reason: "The host restarted") }
        return serving
      }
      if let serving { await serving.server.stop() }
      var limits = NightLimits()
      limits.maxConnections = maxConnections
      if let balancer { limits.forwardedBy = balancer }
      DescriptorLimit.raise(toHold: maxConnections + limits.maxWaiting)
      do {
        let server = try await NightServer.start(code: code, bind: bind, port: port, limits: limits)
        if let (host, port) = RoomRelay.split(address) {
          let join = JoinURL.text(address: host, port: port, code: code)
          server.show(join: join, qr: QRModules.rows(for: join))
        }
        say("Serving night \(code) on port \(server.port).")
        return Serving(code: code, server: server)
      } catch {
        say("Cannot listen on port \(port)\(bind.map { " of \($0)" } ?? ""): \(error)")
        return nil
      }
    }

    /// A server's event as the room hears it, each player's number above its edge's.
    private static func relayed(_ event: ServerEvent, edge: Int) -> RelayEvent {
      switch event {
      case .opened(let id, let address): .opened(ConnectionID(edge: edge, local: id), address: address)
      case .text(let id, let text): .text(ConnectionID(edge: edge, local: id), text)
      case .closed(let id): .closed(ConnectionID(edge: edge, local: id), reason: nil)
      case .refusing(let sentence): .refusing("Edge \(edge): \(sentence)")
      }
    }

    /// An edge is run by a person (`trivia edge`): it says what it does on standard error.
    private func say(_ line: String) {
      Self.say(line)
    }

    private static func say(_ line: String) {
      let bytes = Array("trivia edge: \(line)\n".utf8)
      _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    private static func fail(_ line: String) {
      say(line)
      exit(1)
    }
  }
#endif
