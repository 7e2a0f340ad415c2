#if Night
  import ProcessSpawn
  import Testing

  /// Joining without a name asks for one, and an empty line asks again (issue 27): the name
  /// typed next is the name, not a command at the landing's prompt.
  @Suite struct JoinNameTests {
    @Test func anEmptyNameIsAskedAgain() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.host(sandbox, ["--start-when", "9"])
      let tara = try NightProcess(
        ["join", url, "--no-color", "--script", try sandbox.write("tara.txt", "\n\nTara\n")], in: sandbox)
      try await host.waitFor("Tara joined")
      try await tara.waitFor("You are in as Tara")
      #expect(tara.text.contains("A night needs a name: type yours"), "\(tara.text)")
      #expect(!tara.text.contains("Unknown command"), "\(tara.text)")
    }

    /// `trivia join URL` opens on the night: no solo landing drawn first, and no word about the
    /// links of a game already running on this machine (issue 27).
    @Test func joiningShowsTheNightNotTheLandingOrAnotherGamesLinks() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.host(sandbox, ["--start-when", "9"])
      // A solo game at a terminal holds this user's link socket.
      let solo = try PseudoTerminal(["--no-color"], in: sandbox)
      _ = try await solo.waitFor("trivia> ")
      let tara = try PseudoTerminal(["join", url, "--no-color"], in: sandbox)
      _ = try await tara.waitFor("Your name in the night> ")
      try tara.waitForLineEditor()
      try tara.type("Tara")
      try await host.waitFor("Tara joined")
      _ = try await tara.waitFor("You are in as Tara")
      #expect(!tara.text.contains("Another game is running"), "\(tara.text)")
      #expect(!tara.text.contains("Test what you know"), "\(tara.text)")
      withExtendedLifetime(solo) {}
    }
  }
#endif
