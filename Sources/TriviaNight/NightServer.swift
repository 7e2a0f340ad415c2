#if Night
  import Hummingbird
  import HummingbirdWebSocket
  import Logging
  import NIOCore
  import NIOHTTP1
  import NIOWebSocket
  import NightKit
  import NightRelay
  import Synchronization

  /// A night's server: Hummingbird with WebSockets on NIO's threads, whose events reach the game
  /// only through `descriptor` and `drain()`, on the thread that polls (the terminal's loop).
  /// NIO's threads never call game code; the game never waits on NIO.
  public final class NightServer: Sendable {
    private struct State {
      var nextID: UInt64 = 1
      var connections: [ConnectionID: NightConnection] = [:]
      /// Sockets that sent a first message, so `AcceptWatch` leaves them open.
      var spoken: Set<ObjectIdentifier> = []
      /// Upgraded connections that have not spoken yet: where from, and since when.
      var waiting: [ConnectionID: (address: String, since: ContinuousClock.Instant)] = [:]
      /// Accepted sockets that have not joined, by address, from their first byte.
      var pool: WaitingPool
      var lastRefusalNotice: ContinuousClock.Instant?
      var guesses: GuessLimiter
      var listener: (any Channel)?
      var port = 0
      var running: Task<Void, Never>?
      var watching: Task<Void, Never>?
      /// Where players join, and its QR code, for the big screen.
      var shown: (join: String, qr: [String]?)?
      /// The SSH door's line to type and its key's fingerprint, for the big screen (#39).
      var ssh: String?
      /// The pages that may open a WebSocket: the night's own.
      var origins = NightOrigins(addresses: [], port: 0)
    }

    let code: String
    let limits: NightLimits
    private let events = EventQueue<ServerEvent>()
    private let state: Mutex<State>

    private init(code: String, limits: NightLimits) {
      self.code = code.lowercased()
      self.limits = limits
      let rules = WaitingPool.Rules(
        joiningPerAddress: limits.maxJoiningPerAddress, silentPerAddress: limits.maxWaitingPerAddress,
        silentAfter: limits.silentAfter)
      state = Mutex(State(pool: WaitingPool(rules: rules), guesses: GuessLimiter(rules: limits.guesses)))
    }

    /// Listens on `bind` (every interface when nil) and returns once the port is bound.
    public static func start(
      code: String, bind: String?, port: Int, limits: NightLimits = NightLimits()
    ) async throws -> NightServer {
      let server = NightServer(code: code, limits: limits)
      try await server.listen(host: bind ?? "0.0.0.0", port: port)
      let tick = min(limits.pingInterval, limits.silentDrop / 4)
      let watching = Task { [weak server] in
        var lastPing = ContinuousClock.now
        while !Task.isCancelled {
          try? await Task.sleep(for: tick)
          guard let server else { return }
          let ping = ContinuousClock.now - lastPing >= limits.pingInterval
          if ping { lastPing = .now }
          server.watch(pinging: ping)
        }
      }
      server.state.withLock { $0.watching = watching }
      let addresses = addresses(bind: bind)
      server.state.withLock { $0.origins = NightOrigins(addresses: addresses, port: $0.port) }
      return server
    }

    /// The bound port (the one picked, for port 0).
    public var port: Int { state.withLock { $0.port } }

    /// Gives the big screen the address players join at and its QR code, to show in the lobby.
    /// Pages served from its host (an edge's balancer) may open the night's WebSocket.
    public func show(join: String, qr: [String]?) {
      state.withLock { state in
        state.shown = (join, qr)
        state.origins.allow(pagesOf: join)
      }
    }

    /// Gives the big screen the SSH door's line, shown under the join address in the lobby.
    public func show(ssh line: String) {
      state.withLock { $0.ssh = line }
    }

    /// Readable while events wait; poll it with the terminal's other descriptors.
    public var descriptor: Int32 { events.descriptor }

    /// The events that arrived, oldest first; never blocks.
    public func drain() -> [ServerEvent] { events.drain() }

    /// Sends one text to every connection named: its frame is made once, and the same bytes
    /// written to each on its event loop, so this returns without waiting on any of them.
    public func send(_ text: String, to receivers: [ConnectionID]) {
      var sends = NightSends()
      sends.add(text, to: receivers)
      send(sends)
    }

    /// Sends what `sends` holds, each connection's texts in their order and together.
    public func send(_ sends: NightSends) {
      write(
        state.withLock { state in sends.frames.compactMap { id, frame in state.connections[id].map { ($0, frame) } } })
    }

    /// Writes each frame to its connection on the connection's event loop, one task a loop for
    /// all of them, and flushes each connection once after its last frame. A frame is not handed
    /// to a writer task first, which cost a thread's wake-up a receiver; a close asked for after
    /// still leaves after what was written. A connection that holds over
    /// `maxUnsentBytes` unwritten (its water mark's high, set at the upgrade) is closed instead:
    /// its peer reads nothing, and what is sent to it would be kept for as long as the night lasts.
    private func write(_ writes: [(NightConnection, ByteBuffer)]) {
      var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [(NightConnection, ByteBuffer)])] = [:]
      for write in writes {
        let loop = write.0.channel.eventLoop
        loops[ObjectIdentifier(loop), default: (loop, [])].writes.append(write)
      }
      for (loop, writes) in loops.values {
        loop.execute {
          for (connection, frame) in writes {
            if connection.channel.isWritable {
              connection.frames.value.write(frame)
            } else {
              connection.channel.close(promise: nil)
            }
          }
          // Once all are written: a connection with several frames here sends them together.
          for (connection, _) in writes { connection.frames.value.flush() }
        }
      }
    }

    /// Closes `connection` once what was sent to it before is written.
    public func close(_ connection: ConnectionID) {
      let closing = state.withLock { $0.connections[connection]?.closing }
      closing?.yield((.normalClosure, nil))
    }

    /// Who a request is from: its peer, or behind the balancer `limits.forwardedBy` the address
    /// the balancer appended last (what a player put there before is not trusted).
    private func player(_ peer: String, forwardedFor: String?) -> String {
      guard let balancer = limits.forwardedBy, peer == balancer,
        let last = forwardedFor?.split(separator: ",").last.map({ String($0.filter { !$0.isWhitespace }) }),
        !last.isEmpty
      else { return peer }
      return last
    }

    /// Closes every connection, saying `reason`, and goes on listening: players with a place
    /// come back with their tokens (an edge whose room restarted, or lost its server).
    public func closeAll(reason: String) {
      let closings = state.withLock { $0.connections.values.map(\.closing) }
      for closing in closings { closing.yield((.goingAway, reason)) }
    }

    /// Closes every connection and stops listening; returns within about a second.
    public func stop() async {
      let (connections, listener, running) = state.withLock { state in
        state.watching?.cancel()
        return (Array(state.connections.values), state.listener, state.running)
      }
      for connection in connections { connection.closing.yield((.goingAway, "The night is over.")) }
      try? await listener?.close()
      // A moment for the close frames to leave, then the sockets go whatever their peers do.
      try? await Task.sleep(for: .milliseconds(200))
      for connection in connections { try? await connection.channel.close() }
      running?.cancel()
      await running?.value
    }

    private func listen(host: String, port: Int) async throws {
      let quiet = Logger(label: "trivia-night") { _ in SwiftLogNoOpLogHandler() }
      let limits = limits
      let (bound, bind) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
      let app = Application(
        responder: NightDoor(
          code: code,
          answer: { [weak self] path, host, address, forwarded, upgrading in
            guard let self else { return .refuse(status: 503, sentence: "The night is over.") }
            return await answer(
              path: path, host: host, address: player(address, forwardedFor: forwarded), upgrading: upgrading)
          },
          shown: { [weak self] in
            self?.state.withLock { state in state.shown.map { ($0.join, $0.qr, state.ssh) } }
          }),
        server: .http1WebSocketUpgrade(
          configuration: .init(
            http1: .init(idleTimeout: .nanoseconds(limits.joinWithin.nanoseconds)),
            ws: .init(
              maxFrameSize: limits.maxMessageBytes, autoPing: .disabled, closeTimeout: .seconds(1),
              validateUTF8: true)
          ),
          shouldUpgrade: { [weak self] head, channel, _ in
            guard let self else { return .dontUpgrade }
            return try await self.shouldUpgrade(head, channel: channel)
          }),
        configuration: .init(address: .hostname(host, port: port), serverName: nil),
        onServerRunning: { [weak self] channel in
          let watch = AcceptWatch(
            within: limits.joinWithin, silentAfter: limits.silentAfter,
            admit: { [weak self] socket in self?.admit(socket) ?? false },
            // A socket that spoke has left the pool: never excess.
            isExcess: { [weak self] socket in self?.state.withLock { $0.pool.isExcess(socket, at: .now) } ?? false },
            hasSpoken: { [weak self] socket in self?.state.withLock { $0.spoken.contains(socket) } ?? false },
            closed: { [weak self] socket in self?.state.withLock { $0.pool.leave(socket) } })
          try? await channel.pipeline.addHandler(watch, position: .first).get()
          self?.state.withLock { state in
            state.listener = channel
            state.port = channel.localAddress?.port ?? 0
          }
          bind.yield(.success(channel.localAddress?.port ?? 0))
        },
        logger: quiet
      )
      let running = Task {
        do {
          try await app.run()
        } catch {
          bind.yield(.failure(error))
        }
        bind.finish()
      }
      state.withLock { $0.running = running }
      for await result in bound {
        _ = try result.get()
        return
      }
    }

    /// Whether a socket just accepted may stay: its address's share of sockets that have not
    /// joined (`WaitingPool`). The balancer's sockets are every player's, so they are judged at
    /// their upgrade by the address the balancer forwards.
    private func admit(_ socket: any Channel) -> Bool {
      let address = socket.remoteAddress?.ipAddress ?? "unknown"
      if address == limits.forwardedBy { return true }
      let admitted = state.withLock { $0.pool.admit(ObjectIdentifier(socket), from: address, at: .now) }
      if !admitted {
        notifyRefusing("connections from \(address) have not joined; more from there are refused.")
      }
      return admitted
    }

    /// Judges a code given another way (an SSH user name) as a path's: nil when it is the
    /// night's, else what to tell, after the same delay and with the same count per address as a
    /// wrong path, so that SSH is no faster way to guess.
    public func checkCode(_ given: String, from address: String) async -> String? {
      let now = ContinuousClock.now
      if state.withLock({ $0.guesses.isRefused(address, at: now) }) {
        return "Too many wrong codes from this address: try again in a few minutes."
      }
      guard given.lowercased() != code else { return nil }
      let delay = state.withLock { $0.guesses.wrongGuess(from: address, at: now) }
      if delay > .zero { try? await Task.sleep(for: delay) }
      return "There is no trivia night here: check the code you were given."
    }

    /// The one place a request's path is judged, upgrading or not: the code, then the player's
    /// page, the big screen (`/CODE/screen`) or their files (`/CODE/page.js`) after it. A path with a dot (a browser's
    /// `/favicon.ico`) cannot be a code, so it is not counted as a guess.
    private func answer(path: String, host: String?, address: String, upgrading: Bool) async -> DoorAnswer {
      let now = ContinuousClock.now
      if state.withLock({ $0.guesses.isRefused(address, at: now) }) {
        return .refuse(status: 429, sentence: "Too many wrong codes from this address: try again in a few minutes.")
      }
      let asked = path.split(separator: "?", maxSplits: 1).first.map { $0.drop { $0 == "/" } } ?? ""
      let parts = asked.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts[0].lowercased() == code else {
        if !parts[0].contains(".") {
          let delay = state.withLock { $0.guesses.wrongGuess(from: address, at: now) }
          if delay > .zero { try? await Task.sleep(for: delay) }
        }
        return .refuse(status: 404, sentence: "There is no trivia night here: check the code you were given.")
      }
      guard let page = NightPage(rest: parts.count > 1 ? parts[1] : "") else {
        return .refuse(status: 404, sentence: "The night has no such page: its page is at /\(parts[0]).")
      }
      guard upgrading else { return .page(page) }
      guard page == .html else { return .refuse(status: 404, sentence: "The night's WebSocket is at /\(parts[0]).") }
      // Silent: upgraded over a second ago and not a word since. A real player speaks at once,
      // so a crowd joining together (a class behind one address) is never counted here. What has
      // not joined crowds out its own address only: the pool and the night's connections are
      // never full for an address that holds no silent socket (a new player, a returning one).
      let silentSince = now - limits.silentAfter
      let (joined, unjoinedHere, waiting, waitingHere) = state.withLock { state in
        let silent = state.waiting.values.filter { $0.since < silentSince }
        return (
          state.connections.count - state.waiting.count, state.waiting.values.count { $0.address == address },
          silent.count, silent.count { $0.address == address }
        )
      }
      if waitingHere >= limits.maxWaitingPerAddress {
        notifyRefusing("\(waitingHere) connections from \(address) have not joined; more from there are refused.")
        return .refuse(
          status: 429, sentence: "Too many connections from this address are waiting to join: try again shortly.")
      }
      if waitingHere > 0, waiting >= limits.maxWaiting {
        notifyRefusing("\(waiting) connections have not joined yet; new ones are refused until they do or go.")
        return .refuse(status: 503, sentence: "Too many are joining at once: try again in a few seconds.")
      }
      let count = joined + unjoinedHere
      if count >= limits.maxConnections {
        notifyRefusing("\(count) connections are open, the most this night takes; new ones are refused.")
        return .refuse(
          status: 503, sentence: "This night is full (\(limits.maxConnections) connections): ask the host.")
      }
      return .upgrade
    }

    /// Tells the host why joins are refused, at most once a `refusalNotice`.
    private func notifyRefusing(_ sentence: String) {
      let now = ContinuousClock.now
      let due = state.withLock { state in
        guard state.lastRefusalNotice.map({ now - $0 >= limits.refusalNotice }) ?? true else { return false }
        state.lastRefusalNotice = now
        return true
      }
      if due { events.post(.refusing("Joins refused: " + sentence)) }
    }

    private func shouldUpgrade(
      _ head: HTTPRequest, channel: any Channel
    ) async throws -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
      let address = player(
        channel.remoteAddress?.ipAddress ?? "unknown", forwardedFor: head.headerFields[.init("X-Forwarded-For")!])
      guard head.method == .get else {
        await Self.refuse(
          channel, status: 405, sentence: "The night's WebSocket opens with GET.", host: head.authority,
          allow: NightDoor.allowed)
        return .dontUpgrade
      }
      let origin = head.headerFields[.origin]
      guard state.withLock({ $0.origins.allows(origin, host: head.authority) }) else {
        await Self.refuse(
          channel, status: 403, sentence: "Only the night's own page may open its WebSocket: open the night's address.",
          host: head.authority)
        return .dontUpgrade
      }
      switch await answer(path: head.path ?? "/", host: head.authority, address: address, upgrading: true) {
      case .refuse(let status, let sentence):
        await Self.refuse(channel, status: status, sentence: sentence, host: head.authority)
        return .dontUpgrade
      case .page:
        // Never: an upgrade is answered with a socket or a refusal.
        return .dontUpgrade
      case .upgrade:
        let heard = HeardHandler()
        try await channel.pipeline.addHandler(heard, position: .first).get()
        // Past the high mark, `isWritable` is false until half of it is written: see `write`.
        let most = limits.maxUnsentBytes
        try await channel.setOption(ChannelOptions.writeBufferWaterMark, value: .init(low: most / 2, high: most)).get()
        // On its event loop, before the upgrade completes: FrameWriter first in the pipeline;
        // behind the upgrade handler, MaskedFrames sees the WebSocket's bytes from the first, in
        // front of the frame decoder that the upgrade adds after it, and the connection's messages
        // are read behind that decoder from its first frame.
        let connection = try await channel.eventLoop.submit {
          let frames = FrameWriter()
          try channel.pipeline.syncOperations.addHandler(frames, position: .first)
          let connection = self.state.withLock { state in
            defer { state.nextID += 1 }
            let connection = NightConnection(
              id: ConnectionID(state.nextID), address: address, channel: channel, heard: heard,
              frames: NIOLoopBound(frames, eventLoop: channel.eventLoop))
            state.connections[connection.id] = connection
            state.waiting[connection.id] = (address, .now)
            return connection
          }
          let opened = AfterUpgrade { [weak self] pipeline in
            guard let self else { return }
            events.post(.opened(connection.id, address: connection.address))
            let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(texts(of: connection), position: .after(decoder))
          }
          try channel.pipeline.syncOperations.addHandlers(MaskedFrames(), opened)
          return connection
        }.get()
        return .upgrade([:]) { [weak self] inbound, outbound, _ in
          try await self?.serve(connection, inbound: inbound, outbound: outbound)
        }
      }
    }

    /// Hummingbird answers every refused upgrade 400 with no body; the night's refusals say
    /// why, so they are written here and the socket closed before Hummingbird's answer. Under
    /// the page's policy and `nosniff`, as every answer of the night.
    private static func refuse(
      _ channel: any Channel, status: Int, sentence: String, host: String?, allow: String? = nil
    ) async {
      let body = ByteBuffer(string: sentence + "\n")
      var headers = HTTPHeaders([
        ("Content-Type", "text/plain; charset=utf-8"), ("Content-Length", "\(body.readableBytes)"),
        ("Content-Security-Policy", NightPage.policy(host: host)), ("X-Content-Type-Options", "nosniff"),
        ("Connection", "close"),
      ])
      if let allow { headers.add(name: "Allow", value: allow) }
      let head = HTTPResponseHead(version: .http1_1, status: .init(statusCode: status), headers: headers)
      channel.write(HTTPServerResponsePart.head(head), promise: nil)
      channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
      try? await channel.writeAndFlush(HTTPServerResponsePart.end(nil)).get()
      try? await channel.close()
    }

    /// Serves one WebSocket till it ends: its messages are read on its event loop
    /// (`InboundTexts`), its control frames answered by swift-websocket here. A peer that broke
    /// the protocol there is thrown back to swift-websocket, whose error carries the close code
    /// RFC 6455 gives it: returning would close with 1000, as if all were well.
    private func serve(
      _ connection: NightConnection, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    )
      async throws
    {
      let broken = await withTaskGroup(of: Void.self) { group in
        group.addTask { await Self.close(connection, through: outbound) }
        var broken: (any Error)?
        do {
          for try await _ in inbound {}
        } catch {
          // The peer went, or broke the protocol; either way the connection is over.
          broken = error
        }
        connection.closing.finish()
        group.cancelAll()
        return broken
      }
      state.withLock { state in
        state.connections[connection.id] = nil
        state.spoken.remove(ObjectIdentifier(connection.channel))
        state.waiting[connection.id] = nil
      }
      events.post(.closed(connection.id))
      if let broken { throw broken }
    }

    /// What reads `connection`'s messages, on its event loop: each text an event for the game;
    /// the first takes the connection out of those waiting to join; a broken rule closes it.
    private func texts(of connection: NightConnection) -> InboundTexts {
      var spoken = false
      let rate = MessageRate(perSecond: limits.messagesPerSecond, burst: limits.messageBurst, now: .now)
      return InboundTexts(maxBytes: limits.maxMessageBytes, rate: rate) { [weak self] heard in
        guard let self else { return }
        switch heard {
        case .text(let text):
          if !spoken {
            spoken = true
            state.withLock { state in
              state.spoken.insert(ObjectIdentifier(connection.channel))
              state.waiting[connection.id] = nil
              state.pool.leave(ObjectIdentifier(connection.channel))
            }
          }
          events.post(.text(connection.id, text))
        case .broken(let code, let reason):
          connection.closing.yield((code, reason))
        }
      }
    }

    /// Closes the connection when asked, through swift-websocket, which then answers the peer's
    /// close; its frames are written on its event loop, so the close leaves after them.
    private static func close(_ connection: NightConnection, through outbound: WebSocketOutboundWriter) async {
      var asked = connection.closes.makeAsyncIterator()
      guard let (code, reason) = await asked.next() else { return }
      try? await outbound.close(code, reason: reason)
      // A peer that does not answer the close is not waited for long.
      try? await Task.sleep(for: .seconds(1))
      connection.channel.close(promise: nil)
    }

    /// Closes the connections silent for `silentDrop` and pings the others when `pinging`, so
    /// that a dead peer shows itself as silence: one task for the night, every `tick`, not one
    /// waking for each connection. One heard from within half a ping interval (an answer, its own
    /// ping) is not pinged: it has shown it is alive, and a ping and its pong are a system call
    /// each way. Once quiet, it is pinged at a later round as the others are.
    private func watch(pinging: Bool) {
      let connections = state.withLock { Array($0.connections.values) }
      var alive: [(NightConnection, ByteBuffer)] = []
      for connection in connections {
        let silence = connection.heard.silence
        if silence >= limits.silentDrop {
          connection.channel.close(promise: nil)
        } else if pinging, silence >= limits.pingInterval / 2 {
          alive.append((connection, WireFrame.ping))
        }
      }
      write(alive)
    }
  }
#endif
