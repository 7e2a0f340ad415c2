#if Night
  import NightKit
  import ProcessSpawn
  import Testing

  /// What each person sees is computed from one value the host's room computes: these are the
  /// screens that drifted while a night's facts were kept in copies, each through the binaries.
  @Suite struct OneTruthTests {
    /// A player joining after a question sees the night as it is: the standings with the
    /// night's number of questions, and a reveal it had no part in said as such.
    @Test func lateJoinersSeeTheNightAsItIs() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--time", "30", "--start-when", "1", "--count", "3"])
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await ann.receive { $0.isQuestion }
      ann.send(.answer(question: 1, choice: 0))
      _ = try await host.waitFor("Question 1 of 3: the answers")

      let cat = try NightProcess(
        ["join", url, "--name", "Cat", "--no-color", "--script", try sandbox.write("cat.txt", "")], in: sandbox)
      _ = try await host.waitFor("Cat joined")
      try await cat.waitFor("You joined after this question was asked")
      try host.type("next")
      _ = try await host.waitFor("Standings after question 1 of 3")
      let bob = try NightProcess(
        ["join", url, "--name", "Bob", "--no-color", "--script", try sandbox.write("bob.txt", "")], in: sandbox)
      _ = try await host.waitFor("Bob joined")
      try await bob.waitFor("Standings after question 1 of 3")
      try host.type("end")
      _ = try await host.waitFor("End the night for")
      try host.type("y")
      #expect(try await bob.waitForExit() == 0)
      #expect(try await cat.waitForExit() == 0)
      #expect(!bob.text.contains("Waiting for the host to start"), "\(bob.text)")
      #expect(!cat.text.contains("No answer in time") && !cat.text.contains("Time's up"), "\(cat.text)")
      // And no place given before it has one ("0th of 2").
      #expect(!cat.text.contains("0th"), "\(cat.text)")
      #expect(cat.text.contains("Standings after question 1 of 3"), "\(cat.text)")
      withExtendedLifetime(ann) {}
    }

    /// A player that answered and then left still counts among those who could answer.
    @Test func theHostsCountNeverPassesThePlayersIn() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--time", "30", "--start-when", "2", "--count", "1"])
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      let (bob, _) = try await WirePlayer.join(url, name: "Bob")
      for player in [ann, bob] { _ = try await player.receive { $0.isQuestion } }
      ann.send(.answer(question: 1, choice: 0))
      _ = try await ann.receive { $0.you?.answer != nil }
      ann.drop()
      _ = try await host.waitFor("Ann left")
      bob.send(.answer(question: 1, choice: 1))
      _ = try await host.waitFor("Question 1 of 1: the answers")
      _ = try await host.waitFor("2 of 2 answered.")
      #expect(!host.text.contains("2 of 1"), "\(host.text)")
    }

    /// The waiting room and the host's lobby list who is in as their prompts count them: each
    /// is drawn again, from the one value, when that changes.
    @Test func theLobbysListAndCountAgree() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--start-when", "9"])
      let tara = try NightProcess(
        ["join", url, "--name", "Tara", "--no-color", "--script", try sandbox.write("tara.txt", "")], in: sandbox)
      _ = try await host.waitFor("Tara joined")
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      let (bob, _) = try await WirePlayer.join(url, name: "Bob")
      try await tara.waitFor("3 players in: Tara, Ann, Bob")
      _ = try await host.waitFor("3 players in · room for 100.\r\n  Tara     Ann      Bob")
      try host.type("end")
      _ = try await host.waitFor("End the night for")
      try host.type("y")
      #expect(try await tara.waitForExit() == 0)
      // Every list the host drew after a join names as many players as had joined by then.
      let afterFirstJoin = try #require(host.text.firstRange(of: "Tara joined")).upperBound
      #expect(!host.text[afterFirstJoin...].contains("No players yet"), "\(host.text)")
      withExtendedLifetime((ann, bob)) {}
    }

    /// A live host whose one question of `seconds` is on Zoë's terminal, Ann (a wire player) in
    /// too; the sandbox they run in lives as long as the caller keeps it.
    static func onAQuestionAtATerminal(seconds: Int) async throws -> (
      host: PseudoTerminal, zoe: PseudoTerminal, ann: WirePlayer, sandbox: Sandbox
    ) {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(
        sandbox, ["--time", "\(seconds)", "--start-when", "2", "--count", "1"])
      let zoe = try PseudoTerminal(["join", url, "--name", "Zoë", "--no-color"], in: sandbox)
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await zoe.waitFor("question 1/1 · ")
      // Keys go to the line editor, as a person's do, not to the kernel's line discipline in the
      // moment before the editor takes the terminal.
      try zoe.waitForLineEditor()
      return (host, zoe, ann, sandbox)
    }

    /// At a terminal, the countdown is the host's: it goes on once the player has answered.
    @Test func aTerminalPlayersCountdownGoesOnAfterItAnswers() async throws {
      let (host, zoe, ann, sandbox) = try await Self.onAQuestionAtATerminal(seconds: 30)
      try zoe.type("1")
      _ = try await zoe.waitFor("Answer in: waiting for the others")
      let answeredAt = zoe.text.utf8.count
      // The prompts drawn after the answer count on: watched for up to 25 s of the question's
      // 30 (a loaded machine draws late, and resumes this test late), until they have gone down
      // by two seconds.
      var seconds: [Int] = []
      let deadline = ContinuousClock.now + .seconds(25)
      while ContinuousClock.now < deadline {
        let after = String(zoe.text.utf8.dropFirst(answeredAt)) ?? ""
        seconds = after.matches(of: /question 1\/1 · (\d+)s/).compactMap { Int($0.output.1) }
        if let first = seconds.first, let last = seconds.last, first - last >= 2 { break }
        try await Task.sleep(for: .milliseconds(200))
      }
      #expect((seconds.first ?? 0) - (seconds.last ?? 0) >= 2, "the prompts after answering: \(seconds)")
      withExtendedLifetime((host, ann, sandbox)) {}
    }

    /// A line half typed when the question's time runs out is set aside, as in a solo round:
    /// it is not carried into the next prompt.
    @Test func aHalfTypedAnswerAtTheDeadlineIsSetAside() async throws {
      // 30 s: on a machine busy with the whole suite this test may be resumed seconds late, and
      // its keys must still arrive while the question is open.
      let (host, zoe, ann, sandbox) = try await Self.onAQuestionAtATerminal(seconds: 30)
      try zoe.send("Fal")
      // Typed at the question's prompt, before its time is up.
      _ = try await zoe.waitFor("s> Fal")
      _ = try await zoe.waitFor("the answer was", timeout: .seconds(45))
      let revealedAt = zoe.text.utf8.count
      try zoe.type("")
      try await Task.sleep(for: .milliseconds(500))
      let after = String(zoe.text.utf8.dropFirst(revealedAt)) ?? ""
      #expect(!after.contains("Fal"), "\(after)")
      withExtendedLifetime((host, ann, sandbox)) {}
    }

    /// A host gone before any question closed leaves its players the reason, not an empty table.
    @Test func aHostGoneBeforeAnyStandingsLeavesTheReasonAlone() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.host(sandbox, ["--start-when", "9"])
      let tara = try NightProcess(
        ["join", url, "--name", "Tara", "--no-color", "--script", try sandbox.write("tara.txt", "")], in: sandbox)
      try await host.waitFor("Tara joined")
      try await tara.waitFor("You are in as Tara")
      host.kill()
      #expect(try await tara.waitForExit() == 0)
      #expect(tara.text.contains("The host has gone"), "\(tara.text)")
      #expect(tara.text.contains("Trivia night: the night is over"), "\(tara.text)")
      #expect(!tara.text.contains("Everyone"), "\(tara.text)")
    }
  }
#endif
