#if Night
  import Glibc

  /// What a night over several machines costs PostgreSQL (#30), from the server's side: its
  /// processes' CPU, and every NOTIFY on the night's channels, counted by a connection of
  /// NightLoad's own that LISTENs on them (PostgreSQL delivers each NOTIFY to every listener of
  /// its channel, so this one is told of each once, and costs the server one more delivery).
  /// What is sent to the room or to an edge goes as a row of `trivia_frames` whose NOTIFY only
  /// gives its number (before bd8e761, only a batch too big for a NOTIFY did, as `@NUMBER`): a
  /// trigger NightLoad adds there logs each row's size and channel.
  struct NotifyCounts: Sendable {
    /// NOTIFYs from the edges to the room (`trivia_room_CODE`), from the room to the edges
    /// (`trivia_edge_N`), and on `trivia_nights` (a room started, a night ended).
    var toRoom = 0
    var toEdges = 0
    var nights = 0
    /// Bytes the NOTIFYs carried themselves, not counting those that only name a row.
    var toRoomBytes = 0
    var toEdgesBytes = 0
    /// Rows of `trivia_frames` each way, and their bodies' bytes.
    var roomRows = 0
    var roomRowBytes = 0
    var edgeRows = 0
    var edgeRowBytes = 0

    var notifies: Int { toRoom + toEdges + nights }
    var rows: Int { roomRows + edgeRows }
    var rowBytes: Int { roomRowBytes + edgeRowBytes }
    /// What was carried each way, and in all: NOTIFYs' own payloads and rows' bodies.
    var bytesToRoom: Int { toRoomBytes + roomRowBytes }
    var bytesToEdges: Int { toEdgesBytes + edgeRowBytes }
    var bytes: Int { bytesToRoom + bytesToEdges }

    private static var fields: [WritableKeyPath<NotifyCounts, Int>] {
      [
        \.toRoom, \.toEdges, \.nights, \.toRoomBytes, \.toEdgesBytes, \.roomRows, \.roomRowBytes, \.edgeRows,
        \.edgeRowBytes,
      ]
    }

    /// What was counted since `earlier`.
    func since(_ earlier: NotifyCounts) -> NotifyCounts {
      var result = self
      for field in Self.fields { result[keyPath: field] -= earlier[keyPath: field] }
      return result
    }

    func adding(_ other: NotifyCounts) -> NotifyCounts {
      var result = self
      for field in Self.fields { result[keyPath: field] += other[keyPath: field] }
      return result
    }
  }

  /// The PostgreSQL server's processes: the postmaster (its pid the parent of a backend's) and
  /// its children, the backends. A backend that exits between two samples leaves its time in
  /// the postmaster's reaped children's time (`cutime`, `cstime`), which is counted too.
  enum PostgresProcesses {
    static func cpu(postmaster: pid_t) -> Duration {
      var total = ProcessSample.cpuTime(postmaster, reaped: true)
      for child in ProcessSample.children(of: postmaster) { total += ProcessSample.cpuTime(child) }
      return total
    }
  }

  #if Cluster
    import Logging
    import NightCluster
    import PostgresNIO
    import Synchronization

    final class PostgresWatch: Sendable {
      let connection: PostgresConnection
      /// The server's postmaster.
      let postmaster: pid_t
      private let counts = Mutex(NotifyCounts())
      private let listening = Mutex<[String: Task<Void, Never>]>([:])
      private static let logger = Logger(label: "night-load-postgres") { _ in SwiftLogNoOpLogHandler() }

      init(url: String) async throws {
        let address = try PostgresAddress(url)
        connection = try await PostgresLink.connect(address, id: 99)
        let rows = try await connection.query("SELECT pg_backend_pid()", logger: Self.logger)
        var backend: Int32 = 0
        for try await pid in rows.decode(Int32.self) { backend = pid }
        let parent = ProcessSample.parent(of: backend)
        guard parent > 1 else {
          throw LoadFailure(
            "PostgreSQL's backend \(backend) has no postmaster here: the server must be on this machine")
        }
        postmaster = parent
      }

      /// Every night left not ended marked ended, so a new room starts a night of its own rather
      /// than resume one of the last run's (a room killed keeps its night for a while).
      func endNights() async throws {
        // The night's tables, as a room or an edge makes them, on a server new to nights.
        try await NightTables.create(on: connection)
        try await connection.query(
          "UPDATE trivia_nights SET ended = true WHERE NOT ended", logger: Self.logger)
      }

      /// Once the edges made the tables: a log of each `trivia_frames` row's size (or none).
      func logFrames(_ logging: Bool) async throws {
        guard logging else {
          try await connection.query("DROP TRIGGER IF EXISTS night_load_frame ON trivia_frames", logger: Self.logger)
          return
        }
        for statement in [
          "CREATE TABLE IF NOT EXISTS night_load_rows (bytes integer NOT NULL, channel text NOT NULL)",
          """
          CREATE OR REPLACE FUNCTION night_load_frame() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN INSERT INTO night_load_rows VALUES (octet_length(NEW.body), NEW.channel); RETURN NEW; END $$
          """,
          """
          CREATE OR REPLACE TRIGGER night_load_frame AFTER INSERT ON trivia_frames
          FOR EACH ROW EXECUTE FUNCTION night_load_frame()
          """,
        ] {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: Self.logger)
        }
      }

      /// Starts counting what is said on the night `code`'s channels: to its room, to each of
      /// `edges`, and on the nights' channel.
      func listen(night code: String, edges: [Int]) async throws {
        for channel in [ClusterChannel.room(code), ClusterChannel.nights] + edges.map(ClusterChannel.edge) {
          try await listen(channel)
        }
      }

      private func listen(_ channel: String) async throws {
        let started = Started()
        let task = Task { [self] in
          _ = try? await connection.listen(on: channel) { notifications in
            started.flag.withLock { $0 = true }
            for try await notification in notifications {
              // A row's number (`@NUMBER` before bd8e761) carries nothing itself.
              let payload = notification.payload
              let names =
                payload.allSatisfy(\.isNumber) || (payload.hasPrefix("@") && payload.dropFirst().allSatisfy(\.isNumber))
              let bytes = names ? 0 : payload.utf8.count
              counts.withLock { counts in
                if channel == ClusterChannel.nights {
                  counts.nights += 1
                } else if channel.hasPrefix("trivia_room_") {
                  counts.toRoom += 1
                  counts.toRoomBytes += bytes
                } else {
                  counts.toEdges += 1
                  counts.toEdgesBytes += bytes
                }
              }
            }
          }
        }
        listening.withLock { $0[channel] = task }
        let until = ContinuousClock.now + .seconds(10)
        while !started.flag.withLock({ $0 }) {
          guard ContinuousClock.now < until else { throw LoadFailure("could not LISTEN on \(channel)") }
          try await Task.sleep(for: .milliseconds(5))
        }
      }

      /// What was counted so far, the rows' log read now.
      func snapshot() async -> NotifyCounts {
        var now = counts.withLock { $0 }
        if let result = try? await connection.query(
          """
          SELECT count(*) FILTER (WHERE room), coalesce(sum(bytes) FILTER (WHERE room), 0)::bigint,
            count(*) FILTER (WHERE NOT room), coalesce(sum(bytes) FILTER (WHERE NOT room), 0)::bigint
          FROM (SELECT bytes, channel LIKE 'trivia\\_room\\_%' AS room FROM night_load_rows) r
          """, logger: Self.logger)
        {
          do {
            for try await (roomRows, roomBytes, edgeRows, edgeBytes) in result.decode((Int64, Int64, Int64, Int64).self)
            {
              (now.roomRows, now.roomRowBytes) = (Int(roomRows), Int(roomBytes))
              (now.edgeRows, now.edgeRowBytes) = (Int(edgeRows), Int(edgeBytes))
            }
          } catch {}
        }
        return now
      }

      var cpu: Duration { PostgresProcesses.cpu(postmaster: postmaster) }

      /// Whether a LISTEN took.
      private final class Started: Sendable {
        let flag = Mutex(false)
      }

      func close() async {
        for task in listening.withLock({ $0.values }) { task.cancel() }
        try? await connection.close()
      }
    }
  #else
    /// Without the trait Cluster: a night over several machines is not built.
    final class PostgresWatch: Sendable {
      let postmaster: pid_t = 0
      init(url: String) async throws {
        throw LoadFailure("--postgres: NightLoad was built without the trait Cluster (--traits Night,Cluster)")
      }
      func endNights() async throws {}
      func logFrames(_ logging: Bool) async throws {}
      func listen(night code: String, edges: [Int]) async throws {}
      func snapshot() async -> NotifyCounts { NotifyCounts() }
      var cpu: Duration { .zero }
      func close() async {}
    }
  #endif
#endif
