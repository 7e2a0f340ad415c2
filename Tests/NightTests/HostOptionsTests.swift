#if Night
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
    /// players are sent the answers' count and no text, the screen the question. Only a screen
    /// holding the key in the host's Screen address counts (#36): anyone with the join code
    /// could otherwise take every slot, and satisfy the start check.
    @Test func onScreenStartsOnceABigScreenIsOpen() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--on-screen", "--count", "1"])
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await host.waitFor("Ann joined")
      try host.waitForLineEditor()
      let address = try host.screenURL()
      let key = try #require(address.split(separator: "#", maxSplits: 1).last.map(String.init))
      #expect(address == "\(url)/screen#\(key)" && key.count == 12, "\(address)")
      // A player who knows only the code asks for every slot, with no key or a guessed one.
      for guess in [nil, "K7TQ4M9ACDEF", String(url.suffix(6))] {
        for _ in 0..<8 {
          let impostor = WirePlayer(url)
          impostor.send(.watch(key: guess))
          guard case .refused(let reason) = try await impostor.next() else {
            throw Failure("a screen with \(guess ?? "no key") was not refused")
          }
          #expect(reason.contains("Screen address"))
        }
      }
      try host.type("start")
      _ = try await host.waitFor("The questions show on the big screen only (--on-screen)")
      let screen = WirePlayer(url)
      screen.send(.watch(key: key))
      _ = try await screen.next()
      try host.type("start")
      let asked = try #require(try await ann.receive { $0.isQuestion }.last?.message.question)
      #expect(asked.text.isEmpty && asked.choices.allSatisfy(\.isEmpty) && asked.onScreen == true)
      let shown = try #require(try await screen.receive { $0.isQuestion }.last?.message.question)
      #expect(!shown.text.isEmpty && shown.choices.allSatisfy { !$0.isEmpty })
      // The host watches the question itself, as the screen shows it.
      _ = try await host.waitFor(shown.text)
    }

    /// A night over several machines is asked for with both its PostgreSQL and its balancer's
    /// address, each checked before anything starts, and said wrong in the option's own words.
    @Test(
      arguments: [
        (["host", "--postgres", "postgres://trivia@db"], "--postgres needs --address HOST:PORT"),
        (["host", "--address", "night.example.org:80"], "--address is where players join a night kept in --postgres"),
        (["host", "--postgres", "mysql://trivia@db", "--address", "lb:80"], "--postgres must be a URL such as"),
        (["host", "--postgres", "postgres://trivia@db", "--address", "lb"], "--address must be HOST:PORT"),
        (["host", "--max-players", "10001"], "--max-players must be 1 to 10000, not 10001."),
        (
          ["host", "--postgres", "postgres://trivia@db", "--address", "lb:80", "--max-players", "300000"],
          "--max-players must be 1 to 200000 with --postgres, not 300000."
        ),
        (["edge", "--postgres", "postgres://trivia@db", "--port", "0"], "--port must be 1 to 65535, not 0."),
        (["edge", "--postgres", "db.example.org", "--port", "7777"], "'db.example.org' is not a PostgreSQL URL"),
        (["edge", "--postgres", "postgres://trivia@db:99999/x", "--port", "7777"], "the port must be a number from 1"),
      ])
    func clusterOptionsAreCheckedFirst(arguments: [String], says: String) async throws {
      let process = try NightProcess(arguments, in: try Sandbox())
      #expect(try await process.waitForExit() != 0)
      #expect(process.text.contains(says), "\(process.text)")
    }
  }
#endif
