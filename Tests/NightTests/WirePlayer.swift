#if Night
  import Logging
  import NIOCore
  import NIOWebSocket
  import NightKit
  import Synchronization
  import WSClient

  /// A player on the wire, as a test drives one: it sends what the test says (a PlayerMessage,
  /// or any frame at all) and keeps every frame the host sends, raw, to be read in order.
  final class WirePlayer: Sendable {
    /// What arrived: a text frame, or the end of the connection with the host's close code.
    enum Heard: Sendable {
      case text(String)
      case closed(WebSocketErrorCode?)
      case failed(String)
    }

    private let heard = Mutex<[Heard]>([])
    private let cursor = Mutex(0)
    private let outbox: AsyncStream<Command>.Continuation

    private enum Command: Sendable {
      case frame(WebSocketOutboundWriter.OutboundFrame)
      case close
    }

    /// Connects to a night's address as the host prints it (`http://HOST:PORT/CODE`).
    init(_ url: String) {
      let (commands, outbox) = AsyncStream.makeStream(of: Command.self)
      self.outbox = outbox
      let address = url.hasPrefix("http://") ? "ws://" + url.dropFirst("http://".count) : url
      Task(executorPreference: ClientThread.shared) { [self] in await run(address, commands) }
    }

    /// Connects and joins as `name` (with `token`, to come back): the player and its welcome.
    static func join(_ url: String, name: String, token: String? = nil) async throws -> (WirePlayer, NightWelcome) {
      let player = WirePlayer(url)
      player.send(.join(name: name, token: token))
      guard case .welcome(let welcome) = try await player.next() else { throw Failure("\(name) was not welcomed") }
      return (player, welcome)
    }

    func send(_ message: PlayerMessage) {
      outbox.yield(.frame(.text(NightWire.encode(message))))
    }

    func send(frame: WebSocketOutboundWriter.OutboundFrame) {
      outbox.yield(.frame(frame))
    }

    /// Closes the connection, as a player quitting would.
    func drop() {
      outbox.yield(.close)
    }

    /// The next thing heard, raw.
    func nextHeard(within: Duration = .seconds(30)) async throws -> Heard {
      let deadline = ContinuousClock.now + within
      while true {
        let next = cursor.withLock { cursor in
          heard.withLock { heard in
            guard cursor < heard.count else { return Heard?.none }
            cursor += 1
            return heard[cursor - 1]
          }
        }
        if let next { return next }
        guard ContinuousClock.now < deadline else { throw Failure("nothing heard within \(within)") }
        try await Task.sleep(for: .milliseconds(5))
      }
    }

    /// The next message from the host, decoded, with its raw text; throws if the connection ends.
    func nextText(within: Duration = .seconds(30)) async throws -> (message: HostMessage, raw: String) {
      switch try await nextHeard(within: within) {
      case .text(let raw): return (try NightWire.decodeHost(raw), raw)
      case .closed(let code): throw Failure("the host closed the connection (\(String(describing: code)))")
      case .failed(let reason): throw Failure("the connection failed: \(reason)")
      }
    }

    func next(within: Duration = .seconds(30)) async throws -> HostMessage {
      try await nextText(within: within).message
    }

    /// Every message up to and including the first that `wanted` matches, with its raw text.
    func receive(
      within: Duration = .seconds(30), until wanted: (HostMessage) -> Bool
    ) async throws -> [(message: HostMessage, raw: String)] {
      var got: [(message: HostMessage, raw: String)] = []
      let deadline = ContinuousClock.now + within
      repeat {
        got.append(try await nextText(within: deadline - .now))
      } while !wanted(got[got.count - 1].message)
      return got
    }

    /// Waits for the end of the connection, skipping what comes before: the host's close code
    /// (nil when it closed without one).
    func closed(within: Duration = .seconds(30)) async throws -> WebSocketErrorCode? {
      let deadline = ContinuousClock.now + within
      while true {
        switch try await nextHeard(within: deadline - .now) {
        case .text: continue
        case .closed(let code): return code
        case .failed(let reason): throw Failure("the connection failed: \(reason)")
        }
      }
    }

    private func run(_ url: String, _ commands: AsyncStream<Command>) async {
      let quiet = Logger(label: "wire-player") { _ in SwiftLogNoOpLogHandler() }
      do {
        let frame = try await WebSocketClient.connect(
          url: url, configuration: .init(maxFrameSize: 1 << 20), logger: quiet
        ) { inbound, outbound, _ in
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for await command in commands {
                switch command {
                case .frame(let frame): try await outbound.write(frame)
                case .close:
                  try await outbound.close(.normalClosure, reason: nil)
                  return
                }
              }
            }
            for try await message in inbound.messages(maxSize: 1 << 20) {
              if case .text(let text) = message { self.heard.withLock { $0.append(.text(text)) } }
            }
            group.cancelAll()
          }
        }
        heard.withLock { $0.append(.closed(frame?.closeCode)) }
      } catch {
        heard.withLock { $0.append(.failed("\(error)")) }
      }
    }
  }

  extension HostMessage {
    /// The scene of a stage, a welcome's included.
    var scene: NightScene? {
      switch self {
      case .stage(let stage): stage.scene
      case .welcome(let welcome): welcome.stage.scene
      default: nil
      }
    }

    /// A reveal: the player draws its verdict.
    var isVerdict: Bool { if case .reveal = scene { true } else { false } }
    var isQuestion: Bool { if case .question = scene { true } else { false } }
    var question: NightQuestionView? { if case .question(let question) = scene { question } else { nil } }
    var you: NightYou? {
      switch self {
      case .you(let you): you
      case .welcome(let welcome): welcome.you
      default: nil
      }
    }
  }

  /// The verdict a player draws from what it heard: its own part, sent at the close, then the
  /// reveal.
  func verdict(in heard: [HostMessage]) -> NightVerdict? {
    guard case .stage(let stage) = heard.last, let you = heard.lazy.compactMap(\.you).last else { return nil }
    return NightState(stage: stage, you: you).verdict
  }
#endif
