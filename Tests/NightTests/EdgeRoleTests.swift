#if Cluster
  import Foundation
  import Glibc
  import NightCluster
  import ProcessSpawn
  import Testing

  /// Issue 36: every edge logged in with the room's role, so one edge taken over read every
  /// token and each open question's right answer (`trivia_nights.room`) and could rewrite the
  /// room. An edge now logs in with a role of its own, `trivia_edge`, which the room grants
  /// frames and what an edge reads of `trivia_nights`, never `room`: here through a real
  /// PostgreSQL, its queries one by one, then a whole night through an edge on that role.
  @Suite(.serialized) struct EdgeRoleTests {
    /// What psql says to `sql` as `user`: its status, and its rows (one a line) or its error.
    static func psql(_ sql: String, as user: String, at address: PostgresAddress) throws -> (
      ok: Bool, text: String
    ) {
      let done = try Child.run(
        "/usr/bin/psql",
        arguments: [
          "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", "\(address.port)", "-U", user, "-d",
          address.database, "-c", sql,
        ],
        environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"], timeout: .seconds(30))
      let text = done.status == 0 ? done.outputText : done.errorText
      return (done.status == 0, text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The server's address for `user`.
    static func address(_ address: PostgresAddress, as user: String) -> PostgresAddress {
      PostgresAddress(user: user, host: "127.0.0.1", port: address.port, database: address.database)
    }

    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    static func freePort() throws -> Int {
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      defer { close(socket) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
        }
      }
      guard bound else { throw Failure("no free port: errno \(errno)") }
      return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func anEdgesRoleUsesFramesAndNeverReadsTheRoom() async throws {
      let (folder, server) = try PostgresWaitTests.start("role")
      defer { try? PostgresWaitTests.postgres("stop", folder) }
      let role = NightTables.edgeRole
      let edgeAddress = Self.address(server, as: role)
      // Tables made while the role does not exist: nothing is granted, and nothing fails.
      try await PostgresLink.with(server, id: 1) { try await NightTables.create(on: $0) }
      #expect(try Self.psql("CREATE ROLE \(role) LOGIN", as: "postgres", at: server).ok)
      // Before a room grants it its part, the edge's role can neither use the tables nor make them.
      do {
        _ = try await PostgresLink.with(edgeAddress, id: 2) { try await NightTables.register(on: $0) }
        Issue.record("an edge's role registered before any grant")
      } catch {
        #expect(NightTables.isDenied(error), "\(PostgresLink.reason(error))")
      }
      do {
        try await PostgresLink.with(edgeAddress, id: 3) { try await NightTables.create(on: $0) }
        Issue.record("an edge's role made the tables")
      } catch {
        #expect(NightTables.isDenied(error), "\(PostgresLink.reason(error))")
      }
      try await PostgresLink.with(server, id: 4) { room in
        try await NightTables.create(on: room)
        try await NightTables.claim(code: "ROLE01", address: "night.example.org:80", on: room)
      }
      #expect(
        try Self.psql(
          #"UPDATE trivia_nights SET room = '{"questions":[{"correct":2}],"seats":[{"h":"ab"}]}'"#, as: "postgres",
          at: server
        ).ok)
      let number = try await PostgresLink.with(edgeAddress, id: 5) { edge in
        #expect(try await NightTables.exist(on: edge))
        let number = try await NightTables.register(on: edge)
        try await NightTables.hold(edge: number, on: edge)
        return number
      }
      // The edge's line, as `trivia edge` starts it, and the room's.
      let edgeLink = PostgresLink(
        address: edgeAddress, channels: [ClusterChannel.nights, ClusterChannel.edge(number)],
        broadcasts: [ClusterChannel.nights], window: .zero)
      edgeLink.start { connection in
        if try await !NightTables.exist(on: connection) { try await NightTables.create(on: connection) }
        try await NightTables.hold(edge: number, on: connection)
      }
      let roomLink = PostgresLink(
        address: server, channels: [ClusterChannel.room("ROLE01")], broadcasts: [ClusterChannel.nights],
        window: .zero)
      roomLink.start { try await NightTables.create(on: $0) }
      _ = try await PostgresWaitTests.wait(for: edgeLink) { $0 == .up }
      _ = try await PostgresWaitTests.wait(for: roomLink) { $0 == .up }
      let newest = try await NightTables.newest(on: edgeLink)
      #expect(newest?.0 == "ROLE01" && newest?.1 == "night.example.org:80")
      // The room is alive: not given up, and nothing fails asking.
      let givenUp = try await NightTables.givenUp(code: "ROLE01", grace: 60, on: edgeLink)
      #expect(givenUp == nil)
      // Frames both ways.
      edgeLink.send(Array("to the room\n".utf8), to: ClusterChannel.room("ROLE01"))
      let toRoom = try await PostgresWaitTests.wait(for: roomLink) { if case .frames = $0 { true } else { false } }
      if case .frames(_, let bytes, _) = toRoom { #expect(bytes == Array("to the room\n".utf8)) }
      roomLink.send(Array("to the edge\n".utf8), to: ClusterChannel.edge(number))
      let toEdge = try await PostgresWaitTests.wait(for: edgeLink) {
        if case .frames(let channel, _, _) = $0 { channel == ClusterChannel.edge(number) } else { false }
      }
      if case .frames(_, let bytes, _) = toEdge { #expect(bytes == Array("to the edge\n".utf8)) }
      try await NightTables.forget(channel: ClusterChannel.room("ROLE01"), on: edgeLink)
      // What it may not read nor change: the saved room (tokens' hashes, questions, right
      // answers), the answers kept, which night is served where, the room's journal.
      for sql in [
        "SELECT room FROM trivia_nights", "SELECT * FROM trivia_nights", "SELECT count(*) FROM trivia_answers",
        "UPDATE trivia_nights SET room = NULL", "UPDATE trivia_nights SET address = 'evil.example:80'",
        "DELETE FROM trivia_nights", "SELECT body FROM trivia_journal", "DELETE FROM trivia_journal",
      ] {
        let answer = try Self.psql(sql, as: role, at: server)
        #expect(!answer.ok, "\(sql): \(answer.text)")
        #expect(answer.text.contains("permission denied"), "\(sql): \(answer.text)")
      }
      #expect(try Self.psql("SELECT code, ended FROM trivia_nights", as: role, at: server) == (true, "ROLE01|f"))
      await edgeLink.stop()
      await roomLink.stop()
    }

    /// ScriptedNightTests' night, its room on PostgreSQL and its players on one edge logged in
    /// as `trivia_edge` (started first: it waits for the room to make the tables), on loopback.
    @Test func aWholeNightPlaysThroughAnEdgeOnItsOwnRole() async throws {
      let (folder, server) = try PostgresWaitTests.start("edgenight")
      defer { try? PostgresWaitTests.postgres("stop", folder) }
      let role = NightTables.edgeRole
      #expect(try Self.psql("CREATE ROLE \(role) LOGIN", as: "postgres", at: server).ok)
      let sandbox = try Sandbox()
      let port = try Self.freePort()
      let edge = try NightProcess(
        [
          "edge", "--postgres", "postgres://\(role)@127.0.0.1:\(server.port)/\(server.database)", "--port", "\(port)",
          "--bind", "127.0.0.1",
        ], in: sandbox)
      defer { edge.kill() }
      try await edge.waitFor("waiting for a room")
      let host = try NightProcess(
        [
          "host", "--postgres", "postgres://postgres@127.0.0.1:\(server.port)/\(server.database)", "--address",
          "127.0.0.1:\(port)", "--count", "5", "--seed", "7", "--start-when", "3", "--auto", "--no-history",
          "--no-color", "--script", try sandbox.write("host.txt", ""),
        ], in: sandbox)
      defer { host.kill() }
      let prefix = "Join: http://127.0.0.1:\(port)/"
      try await host.waitFor(prefix)
      try await Task.sleep(for: .milliseconds(200))
      let code = String(host.text[host.text.range(of: prefix)!.upperBound...].prefix { !$0.isWhitespace })
      try await edge.waitFor("Serving night \(code) on port \(port)")
      var players: [NightProcess] = []
      for (number, script) in ScriptedNightTests.scripts.enumerated() {
        let name = "P\(number + 1)"
        players.append(
          try NightProcess(
            [
              "join", "http://127.0.0.1:\(port)/\(code)", "--name", name, "--no-color", "--script",
              try sandbox.write("\(name).txt", script),
            ], in: sandbox))
        try await host.waitFor("\(name) joined")
      }
      for process in [host] + players {
        #expect(try await process.waitForExit() == 0, "\(process.text)")
        #expect(ScriptedNightTests.finalStandings(process.text) == ScriptedNightTests.expected, "\(process.text)")
      }
      // The edge was logged in as its role, and that role reads no room.
      #expect(
        try Self.psql(
          "SELECT a.usename FROM trivia_edges e JOIN pg_stat_activity a ON a.pid = e.pid", as: "postgres", at: server)
          == (true, role), "\(edge.text)")
      #expect(try !Self.psql("SELECT room FROM trivia_nights", as: role, at: server).ok)
    }
  }
#endif
