#if Cluster
  import Logging
  import PostgresNIO
  import Synchronization
  import NightRelay

  /// One process's line to a night's PostgreSQL: what arrives on its channels reaches the
  /// process's poll loop through `descriptor` and `drain()`, as a `NightServer`'s events do, and
  /// what it sends is batched: everything queued while one is in flight goes in the next.
  ///
  /// A channel with one reader (the room's, an edge's) is a queue: a batch is a row of
  /// `trivia_frames`, and its NOTIFY only says one is there (its number). The reader takes every
  /// row of its channel, in order, at each NOTIFY and whenever it connects, so what was sent
  /// while it was away (a room restarting, a server back from an outage) waits for it rather
  /// than being lost as an unheard NOTIFY is. A channel every edge hears (`broadcasts`) is a
  /// plain NOTIFY. A lost server is tried again each second, and said once each way.
  public final class PostgresLink: Sendable {
    public enum Event: Sendable, Equatable {
      /// One NOTIFY's payload on `channel`: whole relay frames, and how long they waited
      /// between the sender queueing them and this process taking them (in its queue while
      /// the server was away, in the table while this process was): the room times an answer
      /// as its edge heard it, however long PostgreSQL kept it (`RelayLines.adding(held:to:)`).
      case frames(channel: String, [UInt8], waitedMs: Int)
      /// The server cannot be reached, in a sentence; nothing arrives until `up`.
      case down(String)
      /// Connected (again): channels listened to, the schema in place.
      case up
    }

    /// Bytes queued together: a row of their own when they waited long (the server away), so
    /// each says how long.
    private struct Chunk {
      var bytes: [UInt8]
      let at: ContinuousClock.Instant
    }

    private struct Outbox {
      var batches: [String: [Chunk]] = [:]
      /// Channels in the order they were first queued, so a batch is never overtaken.
      var order: [String] = []
      var wake: AsyncStream<Void>.Continuation?
      /// A batch taken and not yet sent.
      var sending = false
      /// The bytes of `batches`.
      var bytes = 0

      mutating func take() -> [(String, [Chunk])] {
        defer {
          batches.removeAll(keepingCapacity: true)
          order.removeAll(keepingCapacity: true)
          bytes = 0
        }
        return order.map { ($0, batches[$0]!) }
      }
    }

    /// The most that waits for a server that is slow or away (as the pipes' outboxes). Past it
    /// everything waiting is dropped and the line starts again: nobody has heard of any of it
    /// (what a room sends goes with its journal, in one statement), the processes on both sides
    /// close their players when told the line is down, and the players come back with their
    /// tokens, each asked again for an answer that was dropped.
    public static let queueLimit = 64 << 20

    /// What waits to be sent.
    public var queuedBytes: Int { outbox.withLock { $0.bytes } }

    /// The shortest time between two sends while batches keep coming: what comes after a pause
    /// goes at once, what keeps coming a window later, together.
    let window: Duration

    /// Bytes queued within this of the first of their row share it.
    static let together = Duration.milliseconds(20)

    public let address: PostgresAddress
    private let channels: Mutex<[String]>
    /// Channels heard by every process, sent as plain NOTIFYs (a few bytes: a night's code).
    private let broadcasts: Set<String>
    /// Channels nobody listens to, read only by a process that starts (the room's journal):
    /// rows of `trivia_journal`, without a NOTIFY, which costs the server more than the row.
    private let kept: Set<String>
    /// Per queued channel, which of its NOTIFYs ask for a take.
    private let notices = Mutex<[String: QueueNotices]>([:])
    private let events = EventQueue<Event>()
    private let outbox = Mutex(Outbox())
    private let connections = Mutex<(listener: PostgresConnection?, sender: PostgresConnection?)>((nil, nil))
    private let running = Mutex<Task<Void, Never>?>(nil)
    static let logger = Logger(label: "trivia-night.postgres") { _ in SwiftLogNoOpLogHandler() }

    public init(
      address: PostgresAddress, channels: [String], broadcasts: Set<String> = [], kept: Set<String> = [],
      window: Duration
    ) {
      self.address = address
      self.window = window
      self.channels = Mutex(channels)
      self.broadcasts = broadcasts
      self.kept = kept
    }

    /// Readable while events wait.
    public var descriptor: Int32 { events.descriptor }
    public func drain() -> [Event] { events.drain() }

    /// Connects, keeps connecting, and runs `setUp` on each fresh connection before saying `up`.
    public func start(setUp: @escaping @Sendable (PostgresConnection) async throws -> Void = { _ in }) {
      let task = Task { [self] in await keepConnected(setUp: setUp) }
      running.withLock { $0 = task }
    }

    public func stop() async {
      let task = running.withLock { $0 }
      task?.cancel()
      outbox.withLock { $0.wake?.finish() }
      let (listener, sender) = connections.withLock { $0 }
      try? await listener?.close()
      try? await sender?.close()
      await task?.value
    }

    /// Queues `bytes` (whole frames) for `channel`; sent with whatever else is queued for it.
    public func send(_ bytes: [UInt8], to channel: String) {
      guard !bytes.isEmpty else { return }
      let now = ContinuousClock.now
      let over = outbox.withLock { outbox in
        if outbox.batches[channel] == nil { outbox.order.append(channel) }
        if let last = outbox.batches[channel]?.last, now - last.at < Self.together {
          outbox.batches[channel]![outbox.batches[channel]!.count - 1].bytes += bytes
        } else {
          outbox.batches[channel, default: []].append(Chunk(bytes: bytes, at: now))
        }
        outbox.bytes += bytes.count
        guard outbox.bytes <= Self.queueLimit else {
          _ = outbox.take()
          return true
        }
        outbox.wake?.yield()
        return false
      }
      if over { startAgain() }
    }

    /// Drops the line to the server, which is then said down, and connected again.
    private func startAgain() {
      guard let listener = connections.withLock({ $0.listener }) else { return }
      Task { try? await listener.close() }
    }

    /// Runs `query` on the line's sending connection once it is up; throws if it is down.
    public func run(_ query: PostgresQuery) async throws -> [PostgresRow] {
      guard let sender = connections.withLock({ $0.sender }) else { throw LinkDown() }
      return try await Array(sender.query(query, logger: Self.logger).collect())
    }

    struct LinkDown: Error {}

    private final class Tally: Sendable {
      let count = Atomic(0)
    }

    private func keepConnected(setUp: @Sendable (PostgresConnection) async throws -> Void) async {
      var saidDown = false
      var attempt = 0
      while !Task.isCancelled {
        attempt += 1
        do {
          let listener = try await Self.connect(address, id: attempt * 2)
          let sender = try await Self.connect(address, id: attempt * 2 + 1)
          // A batch lost with its server is lost only if the server crashes (not when it is
          // stopped): waiting for the WAL's flush would cost every batch a disk write.
          try await sender.query("SET synchronous_commit = off", logger: Self.logger)
          try await setUp(sender)
          connections.withLock { $0 = (listener, sender) }
          try await withThrowingTaskGroup(of: Void.self) { group in
            let names = channels.withLock { $0 }
            let listening = Tally()
            for name in names {
              group.addTask { [self] in
                try await listener.listen(on: name) { notifications in
                  // Up once every channel is listened to: nothing said after is missed.
                  // What was queued while this process was away, first.
                  if !broadcasts.contains(name) { try await take(name, from: listener) }
                  if listening.count.add(1, ordering: .relaxed).newValue == names.count {
                    events.post(.up)
                  }
                  for try await notification in notifications {
                    try await receive(notification.payload, on: name, from: listener)
                  }
                }
              }
            }
            saidDown = false
            group.addTask { [self] in try await sendQueued(on: sender) }
            // The first to end (a closed connection) ends them all.
            try await group.next()
            group.cancelAll()
            throw LinkDown()
          }
        } catch {
          let (listener, sender) = connections.withLock { connections in
            defer { connections = (nil, nil) }
            return connections
          }
          try? await listener?.close()
          try? await sender?.close()
          guard !Task.isCancelled else { return }
          if !saidDown {
            saidDown = true
            events.post(.down("PostgreSQL at \(address) cannot be reached (\(Self.reason(error)))"))
          }
          try? await Task.sleep(for: .seconds(1))
        }
      }
    }

    /// `body` on a connection of its own, closed whatever `body` does (PostgresNIO asserts
    /// that a connection is closed before it goes), in its caller's isolation.
    public static func with<T>(
      _ address: PostgresAddress, id: Int, isolation: isolated (any Actor)? = #isolation,
      _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
      let connection = try await connect(address, id: id)
      do {
        let result = try await body(connection)
        try? await connection.close()
        return result
      } catch {
        try? await connection.close()
        throw error
      }
    }

    /// A connection of its own, for what a process asks once (its tables, a night to resume).
    public static func connect(_ address: PostgresAddress, id: Int) async throws -> PostgresConnection {
      let configuration: PostgresConnection.Configuration
      if let socket = address.socketPath {
        configuration = .init(
          unixSocketPath: socket, username: address.user, password: address.password, database: address.database)
      } else {
        configuration = .init(
          host: address.host, port: address.port, username: address.user, password: address.password,
          database: address.database, tls: .disable)
      }
      return try await PostgresConnection.connect(configuration: configuration, id: id, logger: Self.logger)
    }

    /// A broadcast's payload is its frames; a queue's, the number of a row to take.
    private func receive(_ payload: String, on channel: String, from connection: PostgresConnection) async throws {
      guard !broadcasts.contains(channel) else {
        return events.post(.frames(channel: channel, Array(payload.utf8), waitedMs: 0))
      }
      let row = Int64(payload)
      guard notices.withLock({ $0[channel, default: QueueNotices()].notified(row) }) else { return }
      try await take(channel, from: connection)
      notices.withLock { $0[channel]?.tookAll(notified: row) }
    }

    /// Every row of `channel`, in the order sent.
    private func take(_ channel: String, from connection: PostgresConnection) async throws {
      let rows = try await connection.execute(LinkStatements.Take(channel: channel), logger: Self.logger)
      for try await (id, body, waited) in rows {
        notices.withLock { $0[channel, default: QueueNotices()].took(id) }
        events.post(.frames(channel: channel, Array(body.readableBytesView), waitedMs: Int(waited)))
      }
    }

    /// Sends what is queued, one statement a window, until the connection fails.
    private func sendQueued(on sender: PostgresConnection) async throws {
      let (stream, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
      outbox.withLock { outbox in
        outbox.wake = wake
        if !outbox.order.isEmpty { wake.yield() }
      }
      for await _ in stream {
        while true {
          // What comes after a pause goes at once; what keeps coming, once a window: a busy
          // night's answers cross as a few batches a window, not a statement each.
          let window = ContinuousClock.now + self.window
          let batches: [(String, [Chunk])] = outbox.withLock { outbox in
            outbox.sending = !outbox.order.isEmpty
            return outbox.take()
          }
          if batches.isEmpty { break }
          var next = 0
          while next < batches.count {
            // A run of queued channels is one statement; a broadcast goes on its own, in order.
            let end =
              broadcasts.contains(batches[next].0)
              ? next + 1 : batches[next...].firstIndex { broadcasts.contains($0.0) } ?? batches.count
            do {
              try await notify(Array(batches[next..<end]), on: sender)
            } catch {
              // Put back, in front of anything queued since, for the next connection.
              requeue(Array(batches[next...]))
              throw error
            }
            next = end
          }
          try await Task.sleep(until: window)
        }
      }
      throw LinkDown()
    }

    private func requeue(_ batches: [(String, [Chunk])]) {
      outbox.withLock { outbox in
        outbox.sending = false
        for (channel, chunks) in batches.reversed() {
          outbox.bytes += chunks.reduce(0) { $0 + $1.bytes.count }
          if let newer = outbox.batches[channel] {
            outbox.batches[channel] = chunks + newer
            outbox.order.removeAll { $0 == channel }
          } else {
            outbox.batches[channel] = chunks
          }
          outbox.order.insert(channel, at: 0)
        }
      }
    }

    /// A broadcast's chunks are its payloads. Queued channels' chunks are rows, inserted by one
    /// statement in the order queued (a window's journal and verdicts are kept together, or not
    /// at all), each row's time set back by how long it waited here, so that its reader counts
    /// that wait and the table's from one clock; each channel read by someone is told its
    /// newest row.
    private func notify(_ batches: [(String, [Chunk])], on sender: PostgresConnection) async throws {
      if let (channel, chunks) = batches.first, broadcasts.contains(channel) {
        for chunk in chunks {
          let payload = String(decoding: chunk.bytes, as: UTF8.self)
          for try await _ in try await sender.execute(
            LinkStatements.Broadcast(channel: channel, payload: payload), logger: Self.logger)
          {}
        }
        return
      }
      let now = ContinuousClock.now
      var rows = LinkStatements.Rows(kept: Array(kept))
      for (channel, chunks) in batches {
        for chunk in chunks {
          rows.channels.append(channel)
          rows.bodies.append(ByteBuffer(bytes: chunk.bytes))
          rows.waits.append(Int32(min((now - chunk.at) / .milliseconds(1), 86_400_000)))
        }
      }
      // An edge, which keeps no journal, may not even name its table: the statement that does
      // is run only with rows for it.
      if batches.contains(where: { kept.contains($0.0) }) {
        for try await _ in try await sender.execute(LinkStatements.SendKept(rows: rows), logger: Self.logger) {}
      } else {
        for try await _ in try await sender.execute(LinkStatements.Send(rows: rows), logger: Self.logger) {}
      }
    }

    /// Once everything queued is sent (at most two seconds): before a process that said its
    /// last words ends.
    public func flushed() async {
      let until = ContinuousClock.now + .seconds(2)
      while ContinuousClock.now < until, outbox.withLock({ !$0.order.isEmpty || $0.sending }) {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }

    /// What went wrong, in words: the server's message, else the network's.
    public static func reason(_ error: any Error) -> String {
      if let error = error as? PSQLError {
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
      }
      return "\(error)"
    }
  }
#endif
