#if Night
  import ProcessSpawn
  import Testing

  /// Leaving a night under way is asked, by a player and by the host (issue 27).
  @Suite struct LeavingTests {
    @Test func ctrlDInANightAsksAndNoStays() async throws {
      let (host, zoe, ann, sandbox) = try await OneTruthTests.onAQuestionAtATerminal(seconds: 60)
      try zoe.send("\u{04}")
      _ = try await zoe.waitFor("Leave the night? (y/n)")
      try zoe.type("n")
      // Still in: the answer goes to the host.
      try zoe.type("1")
      _ = try await zoe.waitFor("Answer in: waiting for the others")
      try zoe.send("\u{04}")
      _ = try await zoe.waitFor("Leave the night? (y/n)")
      try zoe.type("y")
      _ = try await host.waitFor("Zoë left")
      #expect(zoe.waitForExit(timeout: .seconds(10)) != nil)
      withExtendedLifetime((ann, sandbox)) {}
    }

    @Test func theHostsQuitMidNightAsksAndYesEndsItForEveryone() async throws {
      let (host, zoe, ann, sandbox) = try await OneTruthTests.onAQuestionAtATerminal(seconds: 60)
      try host.type("quit")
      _ = try await host.waitFor("End the night for 2 players? (y/n)")
      try host.type("n")
      #expect(host.isRunning)
      try host.type("quit")
      _ = try await host.waitFor("End the night for 2 players? (y/n)")
      try host.type("y")
      _ = try await zoe.waitFor("The host ended the night.")
      #expect(host.waitForExit(timeout: .seconds(10)) != nil)
      withExtendedLifetime((ann, sandbox)) {}
    }

    /// Issue 37: at a reveal the host's quit asks, and anything but an answer (help, as someone
    /// unsure types) says the question again with what answers it, not only that it is none.
    @Test func theHostsQuitAtARevealSaysTheQuestionAgainToHelp() async throws {
      let (host, zoe, ann, sandbox) = try await OneTruthTests.onAQuestionAtATerminal(seconds: 60)
      try zoe.type("1")
      ann.send(.answer(question: 1, choice: 0))
      _ = try await host.waitFor("Question 1 of 1: the answers")
      _ = try await host.waitFor("reveal 1/1> ")
      try host.type("quit")
      _ = try await host.waitFor("End the night for 2 players? (y/n)")
      try host.type("help")
      _ = try await host.waitFor("End the night for 2 players? Type y for yes or n for no.")
      _ = try await host.waitFor("End the night for 2 players? (y/n)")
      try host.type("n")
      _ = try await host.waitFor("reveal 1/1> ")
      #expect(host.isRunning)
      #expect(!host.text.contains("That is no answer"), "\(host.text)")
      withExtendedLifetime((zoe, ann, sandbox)) {}
    }
  }
#endif
