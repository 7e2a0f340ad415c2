#if Cluster
  import Logging
  import PostgresNIO

  /// Where the server is, from Scripts/postgres.sh's PGHOST and PGPORT: over TCP on 127.0.0.1,
  /// as edges on other machines would reach it, or on its Unix socket.
  struct Server: Sendable {
    var port: Int
    var socketFolder: String?
    var unixSocket = false

    func configuration() -> PostgresConnection.Configuration {
      if unixSocket, let socketFolder {
        return .init(
          unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: "postgres", password: nil, database: "postgres")
      }
      return .init(
        host: "127.0.0.1", port: port, username: "postgres", password: nil, database: "postgres", tls: .disable)
    }
  }

  /// One measurement: senders NOTIFY, listeners LISTEN, for a few seconds.
  struct RunSpec: Sendable {
    /// Room to edges: one sender, `listeners` edges. Edges to room: `senders` edges, one listener.
    var senders = 1
    var listeners = 1
    /// Bytes of each payload (the 8000-byte limit is the server's: 7999 at most).
    var payload = 200
    /// NOTIFYs a second over all senders; 0: as fast as they go (the ceiling).
    var rate = 0
    /// NOTIFYs in one statement, so one transaction: delivered together at its commit.
    var batch = 1
    /// One channel per listener, every NOTIFY sent to each (as the room would to each edge's
    /// channel), rather than one channel every listener LISTENs on.
    var channelPerListener = false
    /// The senders' `synchronous_commit`: "on" waits for the WAL's flush at each commit.
    var synchronousCommit = "on"
    /// Statements in flight on each sender's connection when unpaced.
    var inflight = 4
    var seconds = 3.0
    /// A listener that LISTENs, then runs `pg_sleep` for this long: busy, it reads nothing, so
    /// the queue cannot be emptied past it.
    var stuckSeconds = 0.0
  }

  struct RunResult: Sendable {
    var spec: RunSpec
    /// NOTIFYs sent (each counted once per channel it went to) and their wall time.
    var sent = 0
    var sendSeconds = 0.0
    /// Over all listeners: notifications delivered, and those sent to them but never delivered.
    var delivered = 0
    var deliveredBytes = 0
    var lost = 0
    var malformed = 0
    /// From the first send to the last delivery.
    var deliverySeconds = 0.0
    var p50Ms = Double.nan
    var p99Ms = Double.nan
    var maxMs = Double.nan
    /// The sender's statement, from send to its commit's answer.
    var commitP50Ms = Double.nan
    var commitP99Ms = Double.nan
    /// pg_notification_queue_usage(), the share of the 8 GB queue in use: the most seen.
    var queueUsageMax = 0.0
    /// The stuck listener: what it got once it woke, and how long that took.
    var stuckDelivered = 0
    /// Its last delivery, from the first send: it woke `stuckSeconds` after it began to sleep.
    var stuckLast = Double.nan
    var failure: String?

    var deliveredPerSecond: Double { deliverySeconds > 0 ? Double(delivered) / deliverySeconds : 0 }
    var deliveredMBPerSecond: Double {
      deliverySeconds > 0 ? Double(deliveredBytes) / deliverySeconds / 1_000_000 : 0
    }
    var sentPerSecond: Double { sendSeconds > 0 ? Double(sent) / sendSeconds : 0 }
  }

  struct NotifyFailure: Error, CustomStringConvertible {
    let description: String
  }

  enum NotifyRun {
    static let logger = Logger(label: "NotifyLoad") { _ in SwiftLogNoOpLogHandler() }

    static func connect(_ server: Server, id: Int) async throws -> PostgresConnection {
      try await PostgresConnection.connect(configuration: server.configuration(), id: id, logger: logger)
    }

    /// A payload of exactly `size` bytes: "SEQ STAMP " then padding.
    static func payload(sequence: Int, size: Int) -> String {
      var text = "\(sequence) \(monotonicNanos()) "
      if text.utf8.count < size {
        text += String(repeating: "x", count: size - text.utf8.count)
      }
      return text
    }

    static func run(_ spec: RunSpec, on server: Server) async -> RunResult {
      do {
        return try await measure(spec, on: server)
      } catch {
        var result = RunResult(spec: spec)
        result.failure = "\(String(reflecting: error))"
        return result
      }
    }

    private static func measure(_ spec: RunSpec, on server: Server) async throws -> RunResult {
      var result = RunResult(spec: spec)
      let channels =
        spec.channelPerListener ? (0..<spec.listeners).map { "edge\($0)" } : ["night"]
      let received = (0..<spec.listeners).map { _ in Received() }
      let ready = Tally()
      let usage = Tally()
      let stuckReceived = Received()
      let monitor = try await connect(server, id: 0)

      try await withThrowingTaskGroup(of: Void.self) { listening in
        // The listeners: each its own connection, LISTENing until cancelled.
        for index in 0..<spec.listeners {
          let channel = spec.channelPerListener ? channels[index] : channels[0]
          let into = received[index]
          listening.addTask {
            let connection = try await connect(server, id: 100 + index)
            do {
              try await connection.listen(on: channel) { notifications in
                ready.count.add(1, ordering: .relaxed)
                for try await notification in notifications {
                  into.note(notification.payload)
                }
              }
            } catch {
              if !Task.isCancelled { throw error }
            }
            try? await connection.close()
          }
        }
        if spec.stuckSeconds > 0 {
          listening.addTask {
            let connection = try await connect(server, id: 99)
            do {
              try await connection.listen(on: channels[0]) { notifications in
                ready.count.add(1, ordering: .relaxed)
                // Busy: the server sends it nothing while the statement runs.
                try await connection.query("SELECT pg_sleep(\(spec.stuckSeconds))", logger: logger)
                for try await notification in notifications {
                  stuckReceived.note(notification.payload)
                }
              }
            } catch {
              if !Task.isCancelled { throw error }
            }
            try? await connection.close()
          }
        }
        let listenerCount = spec.listeners + (spec.stuckSeconds > 0 ? 1 : 0)
        let readyBy = ContinuousClock.now + .seconds(30)
        while ready.count.load(ordering: .relaxed) < listenerCount {
          guard ContinuousClock.now < readyBy else { throw NotifyFailure(description: "listeners not ready") }
          try await Task.sleep(for: .milliseconds(10))
        }
        // LISTEN is in effect once its transaction commits: give the last one a moment.
        try await Task.sleep(for: .milliseconds(100))

        // The queue's use, every 50 ms, while the senders run and the listeners drain.
        listening.addTask {
          while !Task.isCancelled {
            let rows = try await monitor.query("SELECT pg_notification_queue_usage()", logger: logger)
            for try await value in rows.decode(Double.self) {
              usage.raise(to: value)
            }
            try await Task.sleep(for: .milliseconds(50))
          }
        }

        let start = monotonicNanos()
        try await withThrowingTaskGroup(of: (Int, [Int64]).self) { senders in
          for sender in 0..<spec.senders {
            senders.addTask {
              try await send(spec, sender: sender, channels: channels, server: server)
            }
          }
          var commits: [Int64] = []
          for try await (count, times) in senders {
            result.sent += count
            commits += times
          }
          result.sendSeconds = Double(monotonicNanos() - start) / 1e9
          commits.sort()
          result.commitP50Ms = percentileMs(commits, 0.5)
          result.commitP99Ms = percentileMs(commits, 0.99)
        }

        // Each listener is owed every NOTIFY on its channel.
        let owed = spec.channelPerListener ? result.sent / spec.listeners : result.sent
        let drainBy = ContinuousClock.now + .seconds(10 + spec.stuckSeconds)
        while received.contains(where: { $0.count < owed })
          || (spec.stuckSeconds > 0 && stuckReceived.count < owed)
        {
          guard ContinuousClock.now < drainBy else { break }
          try await Task.sleep(for: .milliseconds(5))
        }
        listening.cancelAll()
        result.queueUsageMax = usage.highest

        var latencies: [Int64] = []
        var last = start
        for listener in received {
          let state = listener.snapshot
          result.delivered += state.count
          result.deliveredBytes += state.bytes
          result.lost += max(0, owed - state.count)
          result.malformed += state.malformed
          latencies += state.latencies
          last = max(last, state.last)
        }
        result.deliverySeconds = Double(last - start) / 1e9
        latencies.sort()
        result.p50Ms = percentileMs(latencies, 0.5)
        result.p99Ms = percentileMs(latencies, 0.99)
        result.maxMs = percentileMs(latencies, 1)
        if spec.stuckSeconds > 0 {
          let stuck = stuckReceived.snapshot
          result.stuckDelivered = stuck.count
          result.stuckLast = stuck.count > 0 ? Double(stuck.last - start) / 1e9 : .nan
        }
      }
      try? await monitor.close()
      return result
    }

    /// One sender's connection: NOTIFYs for the run's seconds, paced or as fast as it goes, then
    /// how many it sent and each statement's time to its commit.
    private static func send(
      _ spec: RunSpec, sender: Int, channels: [String], server: Server
    ) async throws -> (Int, [Int64]) {
      let connection = try await connect(server, id: 1 + sender)
      try await connection.query(
        PostgresQuery(unsafeSQL: "SET synchronous_commit = \(spec.synchronousCommit)"), logger: logger)
      let end = monotonicNanos() + Int64(spec.seconds * 1e9)
      let sequence = Tally()
      sequence.count.store(sender * 1_000_000_000, ordering: .relaxed)
      // Paced: this sender's share of the rate, a statement every `interval`.
      let perSender = Double(spec.rate) / Double(spec.senders) / Double(spec.batch * channels.count)
      let interval = spec.rate > 0 ? Int64(1e9 / perSender) : 0
      let workers = spec.rate > 0 ? 1 : spec.inflight
      let sent = try await withThrowingTaskGroup(of: (Int, [Int64]).self) { group in
        for worker in 0..<workers {
          group.addTask {
            var count = 0
            var times: [Int64] = []
            var next = monotonicNanos() + Int64(worker) * interval
            while monotonicNanos() < end {
              if interval > 0 {
                let wait = next - monotonicNanos()
                if wait > 0 { try await Task.sleep(for: .nanoseconds(wait)) }
                next += interval
              }
              // One statement: `batch` NOTIFYs to each channel, one transaction.
              var payloads: [String] = []
              var targets: [String] = []
              for channel in channels {
                for _ in 0..<spec.batch {
                  let number = sequence.count.add(1, ordering: .relaxed).newValue
                  payloads.append(payload(sequence: number, size: spec.payload))
                  targets.append(channel)
                }
              }
              let before = monotonicNanos()
              let rows = try await connection.query(
                "SELECT count(pg_notify(c, p)) FROM unnest(\(targets)::text[], \(payloads)::text[]) AS n(c, p)",
                logger: logger)
              for try await _ in rows {}
              times.append(monotonicNanos() - before)
              count += payloads.count
            }
            return (count, times)
          }
        }
        var count = 0
        var times: [Int64] = []
        for try await (sent, statementTimes) in group {
          count += sent
          times += statementTimes
        }
        return (count, times)
      }
      try? await connection.close()
      return sent
    }
  }
#endif
