#if Night
  import FoundationEssentials
  import NIOCore
  import NIOPosix
  import NIOSSH
  import Synchronization

  /// A night's SSH door: `ssh -p PORT CODE@HOST` is a terminal player, with nothing installed.
  /// Transport only, on NIO's threads: each session runs `trivia join` against the night, which
  /// admits it as it admits any player. Sessions are capped at `plan.maxPlayers`; connections
  /// without a session at as many again, so that idle ones cannot take the host's descriptors.
  public final class SSHDoor: Sendable {
    public let plan: SSHPlayerPlan
    public let hostKey: SSHHostKey
    private let state = Mutex(State())

    private struct State {
      var players = 0
      /// The connections open, by their channel's identity, for `close`.
      var connections: [ObjectIdentifier: any Channel] = [:]
      var guests = 0
      var listener: (any Channel)?
      /// Connections without a session yet, by the address they came from, and when each came.
      var waiting: [String: [ObjectIdentifier: ContinuousClock.Instant]] = [:]

      /// A connection that opened a session, or closed, waits no more.
      mutating func leftWaiting(_ identity: ObjectIdentifier, from address: String) {
        waiting[address]?[identity] = nil
        if waiting[address]?.isEmpty == true { waiting[address] = nil }
      }
    }

    /// From the TCP accept to the first session: a person typing a password has this long.
    static let sessionWithin: TimeAmount = .seconds(60)
    /// A connection without a session this long is idle: a player's client has its session in
    /// a second, or a few with Enter typed at the password prompt.
    static let idleAfter: Duration = .seconds(10)
    /// Idle connections one address may hold: past it, its new ones are closed at once, so that
    /// one client cannot take the door's places from every other (as the page's `WaitingPool`).
    /// A class behind one address joining together is never idle, so never refused.
    static let idlePerAddress = 16

    private init(plan: SSHPlayerPlan, hostKey: SSHHostKey) {
      self.plan = plan
      self.hostKey = hostKey
    }

    /// Listens on `host` and `port` (0 for any free one) and returns once bound.
    public static func open(
      plan: SSHPlayerPlan, hostKey: SSHHostKey, host: String, port: Int
    ) async throws(SSHFailure) -> SSHDoor {
      let door = SSHDoor(plan: plan, hostKey: hostKey)
      do {
        try SSHHostKey.makeFolders(plan.folder)
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
          .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
          .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
          .childChannelInitializer { channel in door.connect(channel) }
          .bind(host: host, port: port).get()
        door.state.withLock { $0.listener = listener }
      } catch let failure as SSHFailure {
        throw failure
      } catch {
        throw SSHFailure("cannot listen for SSH on port \(port): \(error)")
      }
      return door
    }

    /// The bound port (the one picked, for port 0).
    public var port: Int { state.withLock { $0.listener?.localAddress?.port ?? 0 } }

    /// Sessions with a player now.
    public var players: Int { state.withLock { $0.players } }

    /// Stops listening and ends every session (their players with them).
    /// The night's state folders go with them: nothing is left to come back to.
    public func close() async {
      let (listener, connections) = state.withLock { ($0.listener, Array($0.connections.values)) }
      try? await listener?.close()
      for connection in connections { try? await connection.close() }
      try? FileManager.default.removeItem(atPath: plan.folder)
    }

    /// A new TCP connection: an SSH server of its own, whose sessions are players.
    private func connect(_ channel: any Channel) -> EventLoopFuture<Void> {
      let identity = ObjectIdentifier(channel)
      let address = channel.remoteAddress?.ipAddress ?? "unknown"
      let now = ContinuousClock.now
      let admitted = state.withLock { state in
        let idle = state.waiting[address]?.values.count { now - $0 >= Self.idleAfter } ?? 0
        guard state.connections.count < 2 * plan.maxPlayers, idle < Self.idlePerAddress else { return false }
        state.connections[identity] = channel
        state.waiting[address, default: [:]][identity] = now
        return true
      }
      guard admitted else { return channel.close() }
      channel.closeFuture.whenComplete { _ in
        self.state.withLock { state in
          state.connections[identity] = nil
          state.leftWaiting(identity, from: address)
        }
      }
      return channel.eventLoop.makeCompletedFuture {
        let login = SSHLogin()
        // No banner: NIOSSH sends one only with the login's success, too late to say that Enter
        // is the password; the README and the host say so.
        let configuration = SSHServerConfiguration(
          hostKeys: [hostKey.privateKey], userAuthDelegate: SSHLoginDelegate(login))
        let handler = NIOSSHHandler(
          role: .server(configuration), allocator: channel.allocator,
          inboundChildChannelInitializer: { child, type in
            // Sessions only: no port forwarding either way.
            guard case .session = type else { return child.eventLoop.makeFailedFuture(SSHFailure("not a session")) }
            if !login.opened {
              login.opened = true
              self.state.withLock { $0.leftWaiting(identity, from: address) }
            }
            return child.eventLoop.makeCompletedFuture {
              try child.pipeline.syncOperations.addHandler(SSHSession(door: self, login: login))
            }
          })
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.pipeline.syncOperations.addHandler(ConnectionErrors())
        // A connection that opens no session in time only holds a place: it is let go.
        let opened = NIOLoopBound(login, eventLoop: channel.eventLoop)
        channel.eventLoop.scheduleTask(in: Self.sessionWithin) {
          if !opened.value.opened { channel.close(promise: nil) }
        }
      }
    }

    /// Takes a player's place, if one is free.
    func take() -> Bool {
      state.withLock { state in
        guard state.players < plan.maxPlayers else { return false }
        state.players += 1
        return true
      }
    }

    /// Gives a player's place back.
    func give() {
      state.withLock { $0.players -= 1 }
    }

    /// A number for a guest's state folder, new each time.
    func nextGuest() -> Int {
      state.withLock { state in
        state.guests += 1
        return state.guests
      }
    }
  }
#endif
