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

    func run() async {
      let database: PostgresAddress
      do {
        database = try PostgresAddress(postgres)
      } catch {
        return Self.fail("--postgres: \(error)")
      }
      guard let edge = await Self.register(at: database) else { return }
      let link = PostgresLink(
        address: database, channels: [ClusterChannel.nights, ClusterChannel.edge(edge)],
        broadcasts: [ClusterChannel.nights], window: .zero)
      link.start { connection in
        if try await !NightTables.exist(on: connection) { try await NightTables.create(on: connection) }
        try await NightTables.hold(edge: edge, on: connection)
      }
      say("Edge \(edge) of \(database): waiting for a night.")
      let start = ContinuousClock.now
      var line = EdgeLine(now: .zero)
      var server: NightServer?
      var events: [EdgeLine.Event] = []
      while true {
        var waits = [pollfd(fd: link.descriptor, events: Int16(POLLIN), revents: 0)]
        if let server { waits.append(pollfd(fd: server.descriptor, events: Int16(POLLIN), revents: 0)) }
        let due = line.due.map { (start + $0 - .now) / .milliseconds(1) }
        guard
          poll(&waits, nfds_t(waits.count), due.map { Int32(max(0, min($0.rounded(.up), 1000))) } ?? 1000) >= 0
            || errno == EINTR
        else { break }
        if let server, waits.count > 1, waits[1].revents != 0 {
          events += server.drain().map { EdgeLine.Event.heard(Self.relayed($0, edge: edge)) }
        }
        if waits[0].revents != 0 {
          for event in link.drain() {
            switch event {
            case .up: events.append(.up)
            case .down(let reason): events.append(.down(reason))
            case .frames(let channel, let frames, _) where channel == ClusterChannel.nights:
              events.append(.news(String(decoding: frames, as: UTF8.self)))
            case .frames(_, var frames, _):
              guard let current = server else { break }
              var handler = ServerCommands(server: current, local: \.local)
              for command in RelayLines.commands(&frames) where !command.apply(to: &handler) {
                events.append(.stop)
                break
              }
              handler.flush()
            }
          }
        }
        events.append(.tick)
        while !events.isEmpty {
          let event = events.removeFirst()
          for effect in line.handle(event, now: .now - start) {
            switch effect {
            case .lookNewest(let news):
              if let (code, address) = try? await NightTables.newest(on: link) {
                events.append(.newest(code: code, address: address, news: news))
              }
            case .serve(let code, let address):
              if let old = server { await old.stop() }
              server = await serve(code, address: address)
              events.append(server == nil ? .failed : .serving(code))
            case .stop(let code):
              await server?.stop()
              server = nil
              say("Night \(code) ended: waiting for the next.")
            case .say(let line): say(line)
            case .closeAll(let reason): server?.closeAll(reason: reason)
            case .tell(let text, let connections):
              server?.send(text, to: connections.map(\.local))
            case .lookGivenUp(let code):
              if let words = try? await NightTables.givenUp(code: code, grace: RoomRelay.graceSeconds, on: link) {
                events.append(.givenUp(lastWords: words))
              }
            case .forget(let code):
              try? await NightTables.forget(channel: ClusterChannel.room(code), on: link)
            case .batch(let code, let frames):
              link.send(frames, to: ClusterChannel.room(code))
            }
          }
        }
      }
    }

    /// This edge's number, its tables made if missing. An edge logged in with a role of its
    /// own (`NightTables.edgeRole`) may not make them, nor use them before a room granted it its
    /// part: it says so once and waits for a room, trying each second.
    private static func register(at database: PostgresAddress) async -> Int? {
      var saidWaiting = false
      while true {
        do {
          return try await PostgresLink.with(database, id: 1) { connection in
            if try await !NightTables.exist(on: connection) { try await NightTables.create(on: connection) }
            return try await NightTables.register(on: connection)
          }
        } catch {
          let reason = PostgresLink.reason(error)
          guard NightTables.isDenied(error) else {
            fail("PostgreSQL at \(database) cannot be reached: \(reason).")
            return nil
          }
          if !saidWaiting {
            saidWaiting = true
            say("waiting for a room to make the night's tables and grant this role its part (\(reason)).")
          }
          try? await Task.sleep(for: .seconds(1))
        }
      }
    }

    /// A server for the night `code`, whose join address is the balancer's `address`.
    private func serve(_ code: String, address: String) async -> NightServer? {
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
        return server
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
