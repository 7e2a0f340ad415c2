import Testing

/// What `trivia host` takes, as its help says and as the game after the night has it.
@Suite struct HostOptionsTests {
  /// A night's 20 seconds are the night's: a round played after it is as untimed as before.
  @Test func aRoundAfterHostingIsNotTimedByTheNight() async throws {
    let sandbox = try Sandbox()
    let host = try NightProcess(
      [
        "host", "--port", "0", "--bind", "127.0.0.1", "--count", "2", "--no-history", "--no-color", "--script",
        try sandbox.write("host.txt", "end\ndone\nplay\n"),
      ], in: sandbox)
    #expect(try await host.waitForExit() == 0, "\(host.text)")
    #expect(host.text.contains("questions of 20 seconds"), "\(host.text)")
    #expect(host.text.contains("question 1/2> "), "\(host.text)")
    #expect(!host.text.contains("question 1/2 ·"), "\(host.text)")
  }

  @Test func helpSaysANightsDefaultTime() async throws {
    let help = try NightProcess(["help", "host"], in: try Sandbox())
    #expect(try await help.waitForExit() == 0)
    #expect(help.text.contains("for 'trivia host', else 20"), "\(help.text)")
  }
}
