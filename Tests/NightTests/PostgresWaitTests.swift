#if Cluster
  import Foundation
  import Glibc
  import Logging
  import NIOCore
  import NightCluster
  import PostgresNIO
  import ProcessSpawn
  import Testing

  /// Issue 35: an answer an edge heard while PostgreSQL was away was timed when it reached the
  /// room (typed at 12 s, scored at 19.0 s). A row of `trivia_frames` now says when it was
  /// queued, set back by how long it waited in its sender's queue, and its reader is told how
  /// long it waited in all: here through a real PostgreSQL, stopped for 3 s between the two.
  @Suite(.serialized) struct PostgresWaitTests {
    static let script = Cluster.repository + "/Scripts/postgres.sh"

    static func postgres(_ command: String, _ folder: String) throws {
      let done = try Child.run(
        script, arguments: [command, folder],
        environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"],
        timeout: .seconds(180))
      guard done.status == 0 else {
        throw Failure("postgres.sh \(command): \(done.errorText)")
      }
    }

    /// A server of its own in a temporary folder, which the caller stops, and its address.
    static func start(_ name: String) throws -> (folder: String, address: PostgresAddress) {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-\(name)-\(getpid())").path
      try postgres("start", folder)
      let env = try String(contentsOfFile: folder + "/env", encoding: .utf8)
      guard
        let port = env.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("PGPORT=") })
          .flatMap({ Int($0.dropFirst(7)) })
      else {
        try? postgres("stop", folder)
        throw Failure("postgres.sh start: no PGPORT in \(folder)/env")
      }
      return (folder, PostgresAddress(user: "postgres", host: "127.0.0.1", port: port, database: "postgres"))
    }

    /// A room's line reading `channel` and an edge's writing to it, both up.
    static func links(to channel: String, at address: PostgresAddress) async throws -> (
      reader: PostgresLink, writer: PostgresLink
    ) {
      let reader = PostgresLink(address: address, channels: [channel], window: .milliseconds(20))
      let writer = PostgresLink(address: address, channels: [channel + "_writer"], window: .milliseconds(20))
      for link in [reader, writer] {
        link.start { try await NightTables.create(on: $0) }
        _ = try await wait(for: link) { $0 == .up }
      }
      return (reader, writer)
    }

    /// The link's events until `until` says one is the one waited for.
    static func wait(
      for link: PostgresLink, within limit: Duration = .seconds(60), until: (PostgresLink.Event) -> Bool
    ) async throws -> PostgresLink.Event {
      let deadline = ContinuousClock.now + limit
      while ContinuousClock.now < deadline {
        for event in link.drain() where until(event) { return event }
        try await Task.sleep(for: .milliseconds(20))
      }
      throw Failure("no such event from the link within \(limit)")
    }

    @Test func aFrameQueuedWhilePostgreSQLIsAwaySaysHowLongItWaited() async throws {
      let (folder, address) = try Self.start("wait")
      defer { try? Self.postgres("stop", folder) }
      let channel = "trivia_room_wait"
      let (reader, writer) = try await Self.links(to: channel, at: address)
      // Sent while the server is up: it waited a moment.
      writer.send(Array("up\n".utf8), to: channel)
      let prompt = try await Self.wait(for: reader) { if case .frames = $0 { true } else { false } }
      guard case .frames(_, let bytes, let waited) = prompt else { return }
      #expect(bytes == Array("up\n".utf8))
      #expect(waited < 2_000)
      // Sent once the writer knows the server is gone: it waits in the writer's queue.
      try Self.postgres("pause", folder)
      _ = try await Self.wait(for: writer) { if case .down = $0 { true } else { false } }
      writer.send(Array("away\n".utf8), to: channel)
      try await Task.sleep(for: .seconds(3))
      try Self.postgres("resume", folder)
      let late = try await Self.wait(for: reader) { if case .frames = $0 { true } else { false } }
      guard case .frames(_, let away, let waitedAway) = late else { return }
      #expect(away == Array("away\n".utf8))
      #expect(waitedAway >= 3_000, "the frame waited \(waitedAway) ms by its row")
      #expect(waitedAway < 60_000)
      await reader.stop()
      await writer.stop()
    }

    /// Two edges' statements to the room's channel can commit out of their rows' numbers' order.
    /// The reader passed over any NOTIFY numbered below the newest row it had taken, so the
    /// first statement's rows, committed last, waited unread for the next NOTIFY (in ClusterTests,
    /// an answer given after PostgreSQL came back never reached the room).
    @Test func rowsCommittedOutOfTheirNumbersOrderAreAllTaken() async throws {
      let (folder, address) = try Self.start("order")
      defer { try? Self.postgres("stop", folder) }
      let channel = "trivia_room_order"
      let (reader, writer) = try await Self.links(to: channel, at: address)
      let first = Array("first\n".utf8)
      try await PostgresLink.with(address, id: 99) { slow in
        // The slow edge's statement is numbered first and commits last.
        try await slow.query("BEGIN", logger: Self.logger)
        var numbered: Int64?
        for try await id in try await slow.query(
          """
          INSERT INTO trivia_frames (channel, body, at)
          VALUES (\(channel), \(ByteBuffer(bytes: first)), clock_timestamp()) RETURNING id
          """, logger: Self.logger
        ).decode(Int64.self) { numbered = id }
        let id = try #require(numbered)
        writer.send(Array("second\n".utf8), to: channel)
        let second = try await Self.wait(for: reader) { if case .frames = $0 { true } else { false } }
        #expect(second == .frames(channel: channel, Array("second\n".utf8), waitedMs: Self.waited(second)))
        try await slow.query("SELECT pg_notify(\(channel), \(String(id)))", logger: Self.logger)
        try await slow.query("COMMIT", logger: Self.logger)
      }
      let late = try await Self.wait(for: reader, within: .seconds(10)) {
        if case .frames = $0 { true } else { false }
      }
      #expect(late == .frames(channel: channel, first, waitedMs: Self.waited(late)))
      await reader.stop()
      await writer.stop()
    }

    static let logger = Logger(label: "PostgresWaitTests") { _ in SwiftLogNoOpLogHandler() }

    static func waited(_ event: PostgresLink.Event) -> Int {
      if case .frames(_, _, let waited) = event { waited } else { -1 }
    }

    /// Issue 35: a line whose server is away queued without bound. Past `queueLimit` what waits
    /// is dropped (nobody has heard of it), and what comes after goes once the server is back.
    @Test func whatWaitsForAServerAwayIsBounded() async throws {
      let (folder, address) = try Self.start("bound")
      defer { try? Self.postgres("stop", folder) }
      let channel = "trivia_room_bound"
      let (reader, writer) = try await Self.links(to: channel, at: address)
      try Self.postgres("pause", folder)
      _ = try await Self.wait(for: writer) { if case .down = $0 { true } else { false } }
      let mebibyte = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
      var most = 0
      for _ in 0..<((PostgresLink.queueLimit >> 20) + 8) {
        writer.send(mebibyte, to: channel)
        most = max(most, writer.queuedBytes)
      }
      #expect(most <= PostgresLink.queueLimit)
      #expect(writer.queuedBytes < 16 << 20, "\(writer.queuedBytes) bytes still wait")
      writer.send(Array("after\n".utf8), to: channel)
      try Self.postgres("resume", folder)
      // What the reader takes, up to "after", is what came after the drop (a row, or several
      // when the sends were more than a window apart, as on a loaded machine); the rest never
      // reached it.
      var bytes: [UInt8] = []
      _ = try await Self.wait(for: reader) { event in
        guard case .frames(_, let taken, _) = event else { return false }
        bytes += taken
        return taken.suffix(6) == Array("after\n".utf8)
      }
      #expect(bytes.count < 16 << 20)
      #expect(bytes.suffix(6) == Array("after\n".utf8))
      await reader.stop()
      await writer.stop()
    }
  }
#endif
