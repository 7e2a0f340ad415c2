#if Cluster
  import Foundation
  import Glibc
  import NightCluster
  import Testing

  /// Issue 35: a room's journal was kept until its night ended, so a resumed room of thousands
  /// read every entry of the night. A save now forgets the rows it holds, in the same statement.
  @Suite(.serialized) struct NightTablesTests {
    @Test func aSaveForgetsTheJournalRowsItHolds() async throws {
      let (folder, address) = try PostgresWaitTests.start("trim")
      defer { try? PostgresWaitTests.postgres("stop", folder) }
      let code = "TRIM01"
      let journal = ClusterChannel.journal(code)
      let link = PostgresLink(address: address, channels: ["trivia_room_trim01"], kept: [journal], window: .zero)
      link.start { try await NightTables.create(on: $0) }
      _ = try await PostgresWaitTests.wait(for: link) { $0 == .up }
      let connection = try await PostgresLink.connect(address, id: 99)
      try await NightTables.claim(code: code, address: "127.0.0.1:8080", on: connection)
      /// Sends `lines` as a row of its own.
      func write(_ lines: String) async throws {
        link.send(Array(lines.utf8), to: journal)
        await link.flushed()
        try await Task.sleep(for: .milliseconds(50))
      }
      try await write("1 TOKEN1 s 0 30000 Ann\n2 TOKEN1 a 1 2 950\n")
      try await write("3 TOKEN2 s 0 30000 Zoë 🎉 Lee 4\n4 TOKEN2 a 1 0 1200\n")
      try await write("5 TOKEN1 a 2 1 300\n")
      // A save from before saves said what they hold forgets nothing.
      try await NightTables.save(room: #"{"phase":"question 1"}"#, code: code, on: link)
      #expect(try await NightTables.journal(code: code, on: connection).hasPrefix("1 TOKEN1 s"))
      // A save holding entries 1 to 3 holds the first row only: the second goes on to entry 4.
      try await NightTables.save(room: #"{"journaled":3}"#, code: code, on: link)
      #expect(
        try await NightTables.journal(code: code, on: connection)
          == "3 TOKEN2 s 0 30000 Zoë 🎉 Lee 4\n4 TOKEN2 a 1 0 1200\n5 TOKEN1 a 2 1 300\n")
      try await NightTables.save(room: #"{"journaled":5}"#, code: code, on: link)
      #expect(try await NightTables.journal(code: code, on: connection) == "")
      // Kept apart from the frames the room and the edges take.
      try await write("6 TOKEN2 a 3 1 700\n")
      #expect(
        try EdgeRoleTests.psql(
          "SELECT (SELECT count(*) FROM trivia_frames), (SELECT count(*) FROM trivia_journal)", as: "postgres",
          at: address) == (true, "0|1"))
      try await connection.close()
      await link.stop()
    }
  }
#endif
