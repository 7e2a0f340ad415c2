#if Night
  import Glibc
  import Logging
  import NIOCore
  import NIOPosix
  import NIOWebSocket
  import NightRelay
  import Synchronization
  import WSClient

  /// A player's connection to a night. `connect` returns at once: the connection, its texts and
  /// its end arrive as events on `descriptor`, drained by the thread that polls it, as the
  /// server's do, so a player's terminal waits in one place too.
  public final class NightClient: Sendable {
    private let events = EventQueue<ClientEvent>()
    private let queue: AsyncStream<Outgoing>.Continuation
    private let outbox: AsyncStream<Outgoing>
    private let running = Mutex<Task<Void, Never>?>(nil)

    private init() {
      (outbox, queue) = AsyncStream.makeStream(of: Outgoing.self)
    }

    /// Connects to `url`, as the host prints it (`http://HOST:PORT/CODE`) or as ws://.
    public static func connect(url: String) -> NightClient {
      let client = NightClient()
      let task = Task { await client.run(url: JoinURL.webSocket(url)) }
      client.running.withLock { $0 = task }
      return client
    }

    /// Readable while events wait.
    public var descriptor: Int32 { events.descriptor }

    /// The events that arrived, oldest first; never blocks.
    public func drain() -> [ClientEvent] { events.drain() }

    /// Queues a text message; sent in order once connected.
    public func send(_ text: String) {
      queue.yield(.text(ByteBuffer(string: text)))
    }

    /// Closes after what was sent before; `.closed` follows.
    public func close() {
      queue.yield(.close(.normalClosure, reason: nil))
    }

    private func run(url: String) async {
      let quiet = Logger(label: "trivia-join") { _ in SwiftLogNoOpLogHandler() }
      let events = events
      let outbox = outbox
      do {
        let frame = try await WebSocketClient.connect(
          url: url,
          configuration: .init(maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(10))),
          logger: quiet
        ) { inbound, outbound, _ in
          events.post(.connected)
          try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
              for await item in outbox {
                switch item {
                case .frame(let frame): try await outbound.write(.custom(frame))
                case .close(let code, let reason):
                  try await outbound.close(code, reason: reason)
                  return
                }
              }
            }
            for try await message in inbound.messages(maxSize: 1 << 20) {
              if case .text(let text) = message { events.post(.text(text)) }
            }
            group.cancelAll()
          }
        }
        events.post(.closed(reason: Self.reason(frame)))
      } catch {
        events.post(.closed(reason: Self.reason(error)))
      }
    }

    private static func reason(_ frame: WebSocketCloseFrame?) -> String {
      if let reason = frame?.reason, !reason.isEmpty { return reason }
      switch frame?.closeCode {
      case .messageTooLarge: return "A message was too long for the night."
      case .unacceptableData: return "The night accepts only text messages."
      case .policyViolation: return "The night closed the connection: too many messages."
      case .goingAway: return "The night is over."
      default: return "The connection was closed."
      }
    }

    private static func reason(_ error: any Error) -> String {
      if let error = error as? WebSocketClientError, error == .webSocketUpgradeFailed {
        return "The night refused to let you in: a wrong code, a full night, or too many tries."
      }
      // NIO's own text names its types; a player reads why in the system's words.
      if let error = error as? NIOConnectionError {
        let causes = error.connectionErrors.compactMap {
          ($0.error as? IOError).map { String(cString: strerror($0.errnoCode)) }
        }
        return "Nothing answers at \(error.host):\(error.port)" + (causes.first.map { " (\($0.lowercased()))." } ?? ".")
      }
      if let error = error as? IOError {
        return "The connection failed: \(String(cString: strerror(error.errnoCode)))."
      }
      return "The connection failed: \(error)."
    }
  }
#endif
