#if Cluster
  import Foundation
  import Glibc
  import NightCluster
  import Testing

  /// Issue 36: a room restarted while its source was down said `No questions to play` and never
  /// resumed, though PostgreSQL kept the night's questions (in the saved room, which only the
  /// room's role reads). A host over PostgreSQL now goes on without its source, resumes the
  /// night it finds with the questions kept there, and says there is nothing to play only when
  /// there is no night either. Through the real binaries and a real PostgreSQL, on loopback.
  @Suite(.serialized) struct ResumeWithoutSourceTests {
    @Test func aRoomResumesFromPostgreSQLWithItsQuestionFileDeleted() async throws {
      let (folder, server) = try PostgresWaitTests.start("nosource")
      defer { try? PostgresWaitTests.postgres("stop", folder) }
      let sandbox = try Sandbox()
      let bank = sandbox.root + "/bank.json"
      try FileManager.default.copyItem(atPath: Cluster.repository + "/Data/questions.json", toPath: bank)
      let arguments = [
        "host", "--postgres", "postgres://postgres@127.0.0.1:\(server.port)/\(server.database)", "--address",
        "127.0.0.1:9", "--source", bank, "--count", "3", "--seed", "7", "--start-when", "3", "--no-history",
        "--no-color", "--script", try sandbox.write("host.txt", ""),
      ]
      /// psql's answer as the server's superuser.
      func query(_ sql: String) throws -> String {
        let answer = try EdgeRoleTests.psql(sql, as: "postgres", at: server)
        guard answer.ok else { throw Failure("psql: \(answer.text)") }
        return answer.text
      }
      /// Waits until `sql` answers `expected`.
      func waitUntil(_ sql: String, is expected: String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while try query(sql) != expected {
          guard ContinuousClock.now < deadline else { throw Failure("\(sql) never answered \(expected)") }
          try await Task.sleep(for: .milliseconds(100))
        }
      }
      let first = try NightProcess(arguments, in: sandbox)
      defer { first.kill() }
      let prefix = "Join: http://127.0.0.1:9/"
      try await first.waitFor(prefix)
      try await Task.sleep(for: .milliseconds(200))
      let code = String(first.text[first.text.range(of: prefix)!.upperBound...].prefix { !$0.isWhitespace })
      try await waitUntil("SELECT room IS NOT NULL FROM trivia_nights WHERE code = '\(code)'", is: "t")
      first.kill()
      _ = try await first.waitForExit()
      // Its `trivia-night room` ends with it, and with it the backend the night is held by.
      try await waitUntil(
        "SELECT count(*) FROM trivia_nights n JOIN pg_stat_activity a ON a.pid = n.room_pid", is: "0")
      try FileManager.default.removeItem(atPath: bank)

      let second = try NightProcess(arguments, in: sandbox)
      defer { second.kill() }
      try await second.waitFor("Night \(code) resumed from PostgreSQL")
      // The lobby, with its Join line, follows the resume.
      try await second.waitFor("Join: http://127.0.0.1:9/\(code)")
      #expect(!second.text.contains("No questions to play"), "\(second.text)")
      second.kill()
      _ = try await second.waitForExit()

      // No night to resume, and no source: nothing to play, said so.
      _ = try query("UPDATE trivia_nights SET ended = true")
      let third = try NightProcess(arguments, in: sandbox)
      defer { third.kill() }
      try await third.waitFor("No night in PostgreSQL to resume either.")
      #expect(third.text.contains("No questions to play"), "\(third.text)")
      #expect(!third.text.contains("resumed from PostgreSQL"), "\(third.text)")
    }
  }
#endif
