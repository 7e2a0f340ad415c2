#if Night
  import FoundationEssentials
  import Glibc
  import NIOCore
  import NIOPosix
  import NIOSSH

  /// One SSH session, a terminal player: the same `trivia join` a player types, on a
  /// pseudo-terminal of its own whose bytes this copies both ways. It takes a terminal, a shell,
  /// window changes and TERM and LANG; exec, subsystems (SFTP) and all other requests are refused.
  /// The session ends when the player does, and the player (killed, as a closed laptop: the night
  /// keeps its place) when the session does.
  final class SSHSession: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData

    /// How long a client may leave the player's output unread (its window shut, our queue at its
    /// water mark) before it is dropped: it comes back as itself, if it has a key.
    static let stallLimit: TimeAmount = .seconds(30)

    private let door: SSHDoor
    private let login: SSHLogin
    private var terminal: (term: String, rows: Int, columns: Int)?
    private var language: String?
    private var started = false
    private var player: PlayerProcess?
    private var relay: (any Channel)?
    private var counted = false
    /// A state folder to remove at the end: a guest's, who has no key to come back with.
    private var guestFolder: String?
    private var stall: Scheduled<Void>?
    private var ended = false

    init(door: SSHDoor, login: SSHLogin) {
      self.door = door
      self.login = login
    }

    func handlerAdded(context: ChannelHandlerContext) {
      // A client's EOF (its input closed) is no reason to end the player's output early.
      context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      switch event {
      case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
        let term = Self.word(request.term, allowing: "-+._") ?? "xterm"
        terminal = (term, request.terminalRowHeight, request.terminalCharacterWidth)
        reply(request.wantReply, true, context)
      case let request as SSHChannelRequestEvent.EnvironmentRequest:
        // TERM comes with the terminal; LANG is the only other variable a player gets.
        let taken = request.name == "LANG" ? Self.word(request.value, allowing: "-_.@") : nil
        if let taken { language = taken }
        reply(request.wantReply, taken != nil, context)
      case let request as SSHChannelRequestEvent.ShellRequest:
        reply(request.wantReply, !started, context)
        if !started { start(context) }
      case let request as SSHChannelRequestEvent.WindowChangeRequest:
        terminal?.rows = request.terminalRowHeight
        terminal?.columns = request.terminalCharacterWidth
        player?.resize(rows: request.terminalRowHeight, columns: request.terminalCharacterWidth)
      case let request as SSHChannelRequestEvent.ExecRequest:
        refuse(request.wantReply, "A trivia night runs no commands: ssh without one to play.", context)
      case let request as SSHChannelRequestEvent.SubsystemRequest:
        refuse(request.wantReply, "A trivia night has no \(request.subsystem): ssh without one to play.", context)
      default:
        // Signals, flow control, agent forwarding and X11: NIOSSH answers what wants a reply.
        context.fireUserInboundEventTriggered(event)
      }
    }

    /// What the client types, to the player's terminal; while that is full, nothing more is read
    /// from the client (its window stays shut, so it stops sending).
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let message = unwrapInboundIn(data)
      guard case .channel = message.type, case .byteBuffer(let bytes) = message.data, let relay else { return }
      relay.writeAndFlush(bytes, promise: nil)
      if !relay.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    /// The client reads again: so does the player's terminal. A client that reads nothing for
    /// `stallLimit` is closed, so that its output never waits in the host's memory for ever.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
      if context.channel.isWritable {
        stall?.cancel()
        stall = nil
        relay?.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
      } else if stall == nil {
        let channel = context.channel
        stall = context.eventLoop.scheduleTask(in: Self.stallLimit) { channel.close(promise: nil) }
      }
      context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
      finish(on: context.eventLoop)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }

    // MARK: Starting

    private func start(_ context: ChannelHandlerContext) {
      started = true
      guard terminal != nil else {
        return tell("A trivia night needs a terminal: ssh -t, or ssh without a command.", context)
      }
      let address = context.channel.parent?.remoteAddress?.ipAddress ?? "unknown"
      let user = login.user ?? ""
      let check = door.plan.checkCode
      context.eventLoop.makeFutureWithTask { await check(user, address) }.assumeIsolated().whenSuccess { refusal in
        if let refusal { return self.tell(refusal, context) }
        self.admit(context)
      }
    }

    private func admit(_ context: ChannelHandlerContext) {
      guard context.channel.isActive, !ended else { return }
      guard door.take() else {
        return tell(
          "The night's SSH door is full (\(door.plan.maxPlayers) player\(door.plan.maxPlayers == 1 ? "" : "s")): join from a browser at \(door.plan.webURL)",
          context)
      }
      counted = true
      do throws(SSHFailure) {
        let folder = try stateFolder()
        let player = try PlayerProcess(
          program: door.plan.program, arguments: ["join", door.plan.nightURL, "--only-this-night"],
          environment: environment(home: folder), rows: terminal?.rows ?? 24, columns: terminal?.columns ?? 80)
        self.player = player
        relay(player, context)
      } catch {
        tell("The night could not start a player here: \(error.description)", context)
      }
    }

    /// The player's own folder: one for each key, named by its fingerprint, so the same key comes
    /// back to the place `trivia join` kept there; a guest's is new and removed at the end.
    private func stateFolder() throws(SSHFailure) -> String {
      let name: String
      if let fingerprint = login.keyFingerprint {
        name = "key-" + String(fingerprint.dropFirst("SHA256:".count).map { $0 == "/" ? "_" : $0 == "+" ? "-" : $0 })
      } else {
        name = "guest-\(door.nextGuest())"
      }
      let folder = door.plan.folder + "/" + name
      try SSHHostKey.makeFolders(folder + "/state")
      try SSHHostKey.makeFolders(folder + "/config")
      if login.keyFingerprint == nil { guestFolder = folder }
      return folder
    }

    /// A clean environment: the player's own folders, TERM and LANG, and a PATH to trivia-night.
    private func environment(home: String) -> [String: String] {
      [
        "HOME": home, "XDG_STATE_HOME": home + "/state", "XDG_CONFIG_HOME": home + "/config",
        "TERM": terminal?.term ?? "xterm", "LANG": language ?? "C.UTF-8", "PATH": door.plan.path,
      ]
    }

    /// Hands the player's terminal to a pipe channel on this session's event loop.
    private func relay(_ player: PlayerProcess, _ context: ChannelHandlerContext) {
      let session = context.channel
      let owner = NIOLoopBound(self, eventLoop: context.eventLoop)
      NIOPipeBootstrap(group: context.eventLoop)
        .channelInitializer { channel in
          channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(TerminalRelay(session: session, owner: owner))
          }
        }
        .takingOwnershipOfDescriptors(input: player.input, output: player.output)
        .assumeIsolated()
        .whenComplete { result in
          switch result {
          case .success(let channel):
            if self.ended { return channel.close(promise: nil) }
            self.relay = channel
          case .failure(let error):
            close(player.input)
            close(player.output)
            self.tell("The night could not reach its player here: \(error)", context)
          }
        }
    }

    // MARK: Ending

    /// The player ended (its terminal closed): the client is told its status, and let go.
    func playerEnded(session: any Channel) {
      relay = nil
      guard let player else { return session.close(promise: nil) }
      Self.reap(player, on: session.eventLoop, tries: 40) { status in
        session.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status)), promise: nil)
        session.close(promise: nil)
      }
    }

    private func finish(on loop: any EventLoop) {
      guard !ended else { return }
      ended = true
      stall?.cancel()
      player?.kill()
      relay?.close(promise: nil)
      relay = nil
      if counted { door.give() }
      counted = false
      if let player { Self.reap(player, on: loop, tries: 200) { _ in } }
      if let guestFolder { try? FileManager.default.removeItem(atPath: guestFolder) }
    }

    /// Waits (never blocking the loop) for the player to be reaped, then calls `done` with its
    /// status; after `tries` of 50 ms it is killed and `done` goes on without it.
    private static func reap(
      _ player: PlayerProcess, on loop: any EventLoop, tries: Int, _ done: @escaping (Int32) -> Void
    ) {
      if player.reap() { return done(player.status ?? 0) }
      if tries <= 0 {
        player.kill()
        return done(255)
      }
      let bound = NIOLoopBound((player, done), eventLoop: loop)
      loop.scheduleTask(in: .milliseconds(50)) {
        let (player, done) = bound.value
        reap(player, on: loop, tries: tries - 1, done)
      }
    }

    // MARK: Saying

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
      guard wanted else { return }
      let event: any Sendable = success ? ChannelSuccessEvent() : ChannelFailureEvent()
      context.channel.triggerUserOutboundEvent(event, promise: nil)
    }

    /// Refuses a request, saying why on the client's error output, and closes the session.
    private func refuse(_ wanted: Bool, _ sentence: String, _ context: ChannelHandlerContext) {
      reply(wanted, false, context)
      let data = SSHChannelData(type: .stdErr, data: .byteBuffer(ByteBuffer(string: sentence + "\r\n")))
      context.channel.writeAndFlush(data).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// Says `sentence` on the terminal and ends the session with status 1.
    private func tell(_ sentence: String, _ context: ChannelHandlerContext) {
      let data = SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: sentence + "\r\n")))
      let channel = context.channel
      channel.writeAndFlush(data, promise: nil)
      channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 1)).whenComplete { _ in
        channel.close(promise: nil)
      }
    }

    /// `text` when it is a short word of letters, digits and `others` (a TERM, a LANG), else nil:
    /// nothing a client sends reaches a player's environment unchecked.
    private static func word(_ text: String, allowing others: String) -> String? {
      guard (1...40).contains(text.utf8.count),
        text.unicodeScalars.allSatisfy({
          ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || others.unicodeScalars.contains($0)
        })
      else { return nil }
      return text
    }
  }
#endif
