#if Night
  import ProcessSpawn
  import Testing

  /// A night's row of the pair table (README, "What happens when things meet"): the host's
  /// messages reach a player's terminal as redraws do, while a line is being typed.
  @Suite struct NightMeetingTests {
    @Test("A line half typed in the waiting room comes back at the first question's prompt, and is finished there")
    func aLineTypedAsTheQuestionArrives() async throws {
      let (host, url) = try await WireTests.liveHost(try Sandbox(), ["--count", "1", "--time", "30"])
      let ann = try PseudoTerminal(["join", url, "--name", "Ann", "--no-color"], in: try Sandbox())
      try await ann.waitFor("waiting · 1 player in> ")
      try ann.send("lea")
      try await ann.waitFor("lea")
      try host.type("start")
      try await ann.waitFor("Question 1 of 1")
      try await ann.waitFor("s> lea")
      // The rest of the word: one command, `leave`, typed across the host's message.
      try ann.type("ve")
      // Leaving a night under way is asked.
      try await ann.waitFor("Leave the night? (y/n)")
      try ann.type("y")
      try await host.waitFor("Ann left")
      try await ann.waitFor("trivia> ")
    }
  }
#endif
