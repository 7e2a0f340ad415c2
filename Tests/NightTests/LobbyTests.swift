#if Night
  import ProcessSpawn
  import Testing

  /// The lobby is a screen, drawn in place: on an 80×24 terminal the code, the addresses, what
  /// `start` plays and who is in stay whole however many join (issue 27).
  @Suite struct LobbyTests {
    @Test func thirtyJoinsLeaveTheCodeWholeOnEightyByTwentyFour() async throws {
      let sandbox = try Sandbox()
      let screen = try TmuxScreen(
        ["host", "--port", "0", "--seed", "3", "--no-history", "--count", "5", "--title", "Friday quiz"],
        environment: sandbox.environment, columns: 80, rows: 24, executable: Binary.trivia)
      let first = try screen.wait(for: "the lobby", timeout: .seconds(30)) {
        $0.last == "lobby · 0 players in>" && $0.contains { $0.contains("Join: http://127.0.0.1:") }
      }
      let code = Self.code(in: first)
      #expect(code.count == 17, "the code's rows: \(first.joined(separator: "\n"))")
      let join = try #require(first.lazy.compactMap { $0.range(of: "Join: http://127.0.0.1:") }.first)
      let line = try #require(first.first { $0.contains("Join: http://127.0.0.1:") })
      let url = String(line[line.index(join.lowerBound, offsetBy: "Join: ".count)...])

      let names = (1...30).map { $0 == 7 ? "Phoebe Wintersmith" : "Player \($0)" }
      var players: [WirePlayer] = []
      for name in names { players.append(try await WirePlayer.join(url, name: name).0) }

      let full = try screen.wait(for: "30 players in", timeout: .seconds(15)) {
        $0.last == "lobby · 30 players in>" && $0.contains("30 players in · room for 100.")
      }
      // The code is whole, where it was, drawn once; the address, the settings and the commands
      // beside it.
      #expect(Self.code(in: full) == code, "\(full.joined(separator: "\n"))")
      #expect(full.count(where: { $0.contains("Code  ") }) == 1)
      #expect(full.contains { $0.hasSuffix(line.drop { $0 != "J" }) })
      for setting in [
        "Friday quiz", "Questions   5", "Difficulty  Mixed", "Category    All", "Time        20 s a question",
      ] {
        #expect(full.contains { $0.hasSuffix(setting) }, "\(setting)")
      }
      #expect(full.contains { $0.hasSuffix("Type start to play them,") })
      // Who is in, in columns: the newest on the last row, and how many more there are.
      let under = try #require(full.firstIndex(of: "30 players in · room for 100."))
      let rows = full[(under + 1)..<(full.count - 1)]
      #expect(!rows.isEmpty && rows.allSatisfy { $0.hasPrefix("  ") })
      #expect(rows.last?.contains("Player 30") == true || rows.last?.hasSuffix("more") == true)
      #expect(rows.joined().contains("Player 30"))
      #expect(rows.contains { $0.contains("more") })
      #expect(full.count <= 24)

      // Wider, the lobby is drawn again at once, for its new size: more names a row.
      let across = { (row: String) in row.split(separator: "  ", omittingEmptySubsequences: true).count }
      let narrow = across(try #require(rows.first))
      try screen.resize(columns: 100)
      let wider = try screen.wait(for: "the lobby at 100 columns", timeout: .seconds(15)) { rows in
        guard rows.last == "lobby · 30 players in>", let heading = rows.firstIndex(of: "30 players in · room for 100."),
          heading + 1 < rows.count
        else { return false }
        return across(rows[heading + 1]) > narrow
      }
      #expect(Self.code(in: wider) == code, "\(wider.joined(separator: "\n"))")
      withExtendedLifetime(players) {}
    }

    /// The code's rows as drawn: the first 33 columns of the rows that start with its blocks.
    static func code(in rows: [String]) -> [String] {
      rows.filter { $0.hasPrefix("████") || $0.hasPrefix("▀▀▀▀") }.map { String($0.prefix(33)) }
    }
  }

  /// A player's waiting room is drawn in place as the host's lobby is: at 80×24, joins after it
  /// leave one copy of it on screen, with every name (issue 37: `Friday quiz / You are in as
  /// Ann…` was printed again under the last at every join).
  @Suite struct WaitingRoomTests {
    @Test func joinsAfterAPlayerLeaveOneWaitingRoomOnItsScreen() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--title", "Friday quiz"])
      let ann = try TmuxScreen(
        ["join", url, "--name", "Ann", "--no-color"], environment: sandbox.environment, columns: 80, rows: 24,
        executable: Binary.trivia)
      try ann.waitForPrompt("waiting · 1 player in", timeout: .seconds(30))
      var players: [WirePlayer] = []
      for name in ["Bob", "Cy", "Di"] {
        players.append(try await WirePlayer.join(url, name: name).0)
      }
      let rows = try ann.waitForPrompt("waiting · 4 players in", timeout: .seconds(15))
      let seen = rows.joined(separator: "\n")
      #expect(rows.count { $0 == "Friday quiz" } == 1, "\(seen)")
      #expect(rows.count { $0.hasPrefix("You are in as Ann") } == 1, "\(seen)")
      #expect(rows.contains { $0.contains("Ann") && $0.contains("Di") }, "\(seen)")
      withExtendedLifetime((host, players)) {}
    }
  }
#endif
