#if Night
  import Glibc
  import ProcessSpawn
  import Testing

  /// A host at its terminal whose `trivia-night` reads nothing (stopped with SIGSTOP) while the
  /// host has more to send it than its pipe holds: the host still takes its keys (Ctrl-C clears
  /// the line, as ever), and SIGTERM, SIGHUP, or `end`, `done` and `quit`, end it (issue 35). At head
  /// the host blocked in its write to the pipe: no key was read, and a signal only interrupted
  /// the write, which began again.
  @Suite(.timeLimit(.minutes(1)))
  struct StuckNightSignalTests {
    enum Ending: String, CaseIterable, Sendable {
      case sigterm, sighup, ctrlCThenEnd
    }

    /// "P01" and 17 letters "a", each with 11 marks of 3 bytes (U+20D0, the most a character
    /// may carry, `PlayerName.maxCharacterParts`): 20 characters, 581 bytes, whose key is
    /// "p01aaaaaaaaaaaaaaaaa", which `kick` finds as typed.
    static func name(_ number: Int) -> String {
      let letter = "a" + String(repeating: "\u{20D0}", count: 11)
      return "P" + (number < 10 ? "0" : "") + "\(number)" + String(repeating: letter, count: 17)
    }

    @Test(arguments: Ending.allCases)
    func theHostEndsWhileItsNightReadsNothing(ending: Ending) async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--start-when", "90"])
      var players: [WirePlayer] = []
      for number in 1...40 {
        players.append(try await WirePlayer.join(url, name: Self.name(number)).0)
      }
      // Every stage of the lobby now carries 40 names of 581 bytes: about 23 KB.
      let nights = ProcessTree.children(of: host.pid)
      try #require(nights.count == 1, "the host's children: \(nights)")
      let night = nights[0]
      kill(night, SIGSTOP)
      defer {
        kill(night, SIGKILL)
        kill(night, SIGCONT)
      }
      try host.waitForLineEditor()
      // Each kick sends the rest the lobby again, at most once a second: 5 of them, about 115 KB
      // for a pipe of 64 KiB.
      for number in 1...5 {
        try host.type("kick P0\(number)" + String(repeating: "a", count: 17))
        try await Task.sleep(for: .milliseconds(1_100))
      }
      try host.type("kick Nobody")
      _ = try await host.waitFor("No player is called Nobody", timeout: .seconds(10))
      let asked = ContinuousClock.now
      switch ending {
      case .sigterm: kill(host.pid, SIGTERM)
      case .sighup: kill(host.pid, SIGHUP)
      case .ctrlCThenEnd:
        try host.waitForLineEditor()
        try host.send("oops")
        try host.send([3])
        try host.type("end")
        _ = try await host.waitFor("(y/n)", timeout: .seconds(15))
        try host.type("y")
        _ = try await host.waitFor("final> ", timeout: .seconds(15))
        try host.type("done")
        _ = try await host.waitFor("trivia> ", timeout: .seconds(15))
        try host.type("quit")
      }
      #expect(host.waitForExit(timeout: .seconds(15)) == .status(0), "\(host.text.suffix(2_000))")
      #expect(ContinuousClock.now - asked < .seconds(5))
      #expect(!host.text.contains("Unknown command"), "\(host.text.suffix(2_000))")
      withExtendedLifetime(players) {}
    }
  }
#endif
