#if Night
  import Testing

  /// A whole night of real processes: `trivia host` and three `trivia join`, all under scripts,
  /// so time is virtual and the night is the same from run to run.
  @Suite struct ScriptedNightTests {
    /// With `--seed 7` the five questions' right answers are 2, 2, 3, 4, 1. Under a script no
    /// time passes, so every right answer scores 1000: P1 has only the last right (1,000), P2
    /// all five (5,000), P3 the first three (3,000). Distinct totals: no tie to break.
    static let scripts = ["1\n1\n1\n1\n1\n", "2\n2\n3\n4\n1\n", "2\n2\n3\n1\n2\n"]

    static let expected = """
      Trivia night: final standings
        1st   P2  5,000 points
        2nd   P3  3,000 points
        3rd   P1  1,000 points

      Everyone
        1  P2  5,000
        2  P3  3,000
        3  P1  1,000
      """

    @Test func aHostAndThreePlayersPrintTheSameFinalStandings() async throws {
      let tables = try await Self.play(in: try Sandbox())
      #expect(tables == Array(repeating: Self.expected, count: 4))
    }

    @Test(
      .enabled(
        if: NetworkNamespace.available,
        "needs `ip netns` (root with CAP_SYS_ADMIN) to put the host and its players on two network namespaces"))
    func playersOnAnotherMachineJoinTheHostsOwnAddress() async throws {
      let machines = try NetworkNamespace.pair()
      defer { machines.remove() }
      let tables = try await Self.play(
        in: try Sandbox(), hostLauncher: machines.exec(in: machines.hostSide),
        playerLauncher: machines.exec(in: machines.playerSide),
        pick: { $0.first { $0.hasPrefix("http://\(machines.hostAddress):") } })
      #expect(tables == Array(repeating: Self.expected, count: 4))
    }

    /// Plays the night with the players joining at the address `pick` chooses among the host's
    /// `Join:` lines, one after another so the join order is fixed; returns the final standings
    /// as the host, then each player, printed them.
    static func play(
      in sandbox: Sandbox, hostLauncher: [String] = [], playerLauncher: [String] = [],
      pick: ([String]) -> String? = { $0.last }
    ) async throws -> [String] {
      let host = try NightProcess(
        [
          "host", "--port", "0", "--count", "5", "--seed", "7", "--start-when", "3", "--auto", "--no-history",
          "--no-color", "--script", try sandbox.write("host.txt", ""),
        ], in: sandbox, launcher: hostLauncher)
      let urls = try await host.joinURLs()
      guard let url = pick(urls) else { throw Failure("no address to join among \(urls)") }
      var players: [NightProcess] = []
      for (number, script) in scripts.enumerated() {
        let name = "P\(number + 1)"
        players.append(
          try NightProcess(
            ["join", url, "--name", name, "--no-color", "--script", try sandbox.write("\(name).txt", script)],
            in: sandbox, launcher: playerLauncher))
        try await host.waitFor("\(name) joined")
      }
      var tables: [String] = []
      for process in [host] + players {
        #expect(try await process.waitForExit() == 0, "\(process.text)")
        tables.append(finalStandings(process.text))
      }
      return tables
    }

    /// The final podium and table as printed, without trailing spaces.
    static func finalStandings(_ output: String) -> String {
      guard let start = output.firstRange(of: "Trivia night: final standings") else { return output }
      let rest = output[start.lowerBound...]
      let table = rest.firstRange(of: "\nType done").map { rest[..<$0.lowerBound] } ?? rest
      return table.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0.reversed().drop { $0 == " " }.reversed()) }
        .joined(separator: "\n")
    }
  }
#endif
