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

  /// `--on-screen`: `start` is refused, with its reason, until a big screen watches; then the
  /// players are sent the answers' count and no text, the screen the question.
  @Test func onScreenStartsOnceABigScreenIsOpen() async throws {
    let sandbox = try Sandbox()
    let (host, url) = try await WireTests.liveHost(sandbox, ["--on-screen", "--count", "1"])
    let (ann, _) = try await WirePlayer.join(url, name: "Ann")
    _ = try await host.waitFor("Ann joined")
    try host.waitForLineEditor()
    try host.type("start")
    _ = try await host.waitFor("The questions show on the big screen only (--on-screen)")
    let screen = WirePlayer(url)
    screen.send(.watch)
    _ = try await screen.next()
    try host.type("start")
    let asked = try #require(try await ann.receive { $0.isQuestion }.last?.message.question)
    #expect(asked.text.isEmpty && asked.choices.allSatisfy(\.isEmpty) && asked.onScreen == true)
    let shown = try #require(try await screen.receive { $0.isQuestion }.last?.message.question)
    #expect(!shown.text.isEmpty && shown.choices.allSatisfy { !$0.isEmpty })
    // The host watches the question itself, as the screen shows it.
    _ = try await host.waitFor(shown.text)
  }
}
