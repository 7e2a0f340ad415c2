#if Night
  import LoopbackSocket
  import NIOCore
  import NIOWebSocket
  import NightKit
  import ProcessSpawn
  import Testing

  /// A real `trivia host` on loopback, and players that are test clients speaking the wire's
  /// JSON, so a test can send what no `trivia join` would and read every frame it gets.
  @Suite struct WireTests {
    /// A host headless under an empty script: time passes only as players answer, and a
    /// question closes once every connected player has. Its loopback `Join:` address.
    static func host(_ sandbox: Sandbox, _ options: [String]) async throws -> (NightProcess, String) {
      let host = try NightProcess(
        [
          "host", "--port", "0", "--bind", "127.0.0.1", "--seed", "3", "--no-history", "--no-color", "--script",
          try sandbox.write("host.txt", ""),
        ] + options, in: sandbox)
      guard let url = try await host.joinURLs().last else { throw Failure("no Join: line in\n\(host.text)") }
      return (host, url)
    }

    /// A host on a terminal of its own: interactive, so its questions' time is real.
    static func liveHost(_ sandbox: Sandbox, _ options: [String]) async throws -> (PseudoTerminal, String) {
      let host = try PseudoTerminal(
        ["host", "--port", "0", "--bind", "127.0.0.1", "--seed", "3", "--no-history", "--no-color"] + options,
        in: sandbox)
      return (host, try await host.joinURL())
    }

    static func port(of url: String) throws -> Int {
      guard let colon = url.lastIndex(of: ":"), let port = Int(url[url.index(after: colon)...].prefix { $0.isNumber })
      else { throw Failure("no port in \(url)") }
      return port
    }

    @Test func noFrameBeforeTheVerdictNamesTheRightChoice() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.host(sandbox, ["--count", "3", "--start-when", "1", "--auto"])
      let player = WirePlayer(url)
      player.send(.join(name: "Ann", token: nil))
      for number in 1...3 {
        let asked = try await player.receive { $0.isQuestion }
        player.send(.answer(question: number, choice: 0))
        let heard = asked + (try await player.receive { $0.isVerdict })
        for (message, raw) in heard.dropLast() {
          #expect(!raw.contains("correct"), "\(raw)")
          switch message {
          case .welcome, .stage, .you: break
          default: Issue.record("before the verdict of question \(number): \(raw)")
          }
        }
        // The check above can fail: the reveal, after the deadline, does name it.
        guard let verdict = verdict(in: heard.map(\.message)) else { throw Failure("no verdict") }
        #expect(verdict.question == number)
        #expect(heard.last?.raw.contains(#""correct":"#) == true)
      }
      withExtendedLifetime(host) {}
    }

    @Test func aSecondAnswerIsIgnoredAndTheFirstCounts() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.host(sandbox, ["--count", "1", "--start-when", "2", "--auto"])
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      let (bob, _) = try await WirePlayer.join(url, name: "Bob")
      _ = try await ann.receive { $0.isQuestion }
      _ = try await bob.receive { $0.isQuestion }
      ann.send(.answer(question: 1, choice: 0))
      ann.send(.answer(question: 1, choice: 1))
      // Ann's second answer reaches the host while the question is still open: Bob has not answered.
      try await Task.sleep(for: .milliseconds(300))
      bob.send(.answer(question: 1, choice: 1))
      let heard = try await ann.receive { $0.isVerdict }.map(\.message)
      #expect(heard.first?.you?.answer == .init(question: 1, choice: 0))
      // Her own part comes twice: the answer taken, and the close; a second answer taken would
      // make it three.
      #expect(heard.filter { $0.you != nil }.count == 2, "\(heard)")
      guard let verdict = verdict(in: heard) else { throw Failure("no verdict") }
      #expect(verdict.choice == 0)
      #expect(verdict.points == (verdict.correct == 0 ? 1000 : 0))
      withExtendedLifetime(host) {}
    }

    @Test func anAnswerAfterTheDeadlineIsLate() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.liveHost(sandbox, ["--time", "5", "--start-when", "1", "--count", "2"])
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      guard let question = try await ann.receive(until: { $0.isQuestion }).last?.message.question else {
        throw Failure("no question")
      }
      #expect(question.limitMs == 5000 && question.msLeft <= 5000)
      // Only the deadline closes a question its one player has not answered: the verdict.
      let closed = try await ann.receive(until: { $0.isVerdict }).map(\.message)
      guard let verdict = verdict(in: closed) else { throw Failure("no verdict") }
      #expect(verdict.choice == nil && verdict.points == 0)
      ann.send(.answer(question: 1, choice: verdict.correct))
      #expect(try await ann.next() == .late(question: 1))
      withExtendedLifetime(host) {}
    }

    @Test func aWrongCodeIs404AndGuessingIsSlowedMoreAndMore() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.host(sandbox, ["--start-when", "1"])
      let port = try Self.port(of: url)
      var took: [Duration] = []
      for guess in 0..<7 {
        let answer = try await RawSocket(port: port).status(of: "/WRONG\(guess)", upgrade: guess.isMultiple(of: 2))
        #expect(answer.code == 404, "guess \(guess)")
        took.append(answer.took)
      }
      // Five guesses answered at once, then a second more for each.
      #expect(took.prefix(5).allSatisfy { $0 < .milliseconds(900) }, "\(took)")
      #expect(took[5] >= .milliseconds(950) && took[6] >= .milliseconds(1950), "\(took)")
      withExtendedLifetime(host) {}
    }

    @Test func oversizedBinaryAndMalformedMessagesCloseOnlyTheirConnection() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.host(sandbox, ["--count", "1", "--start-when", "2", "--auto"])
      let (bob, _) = try await WirePlayer.join(url, name: "Bob")

      let oversized = WirePlayer(url)
      oversized.send(frame: .text(#"{"join":{"name":""# + String(repeating: "x", count: 4097) + #""}}"#))
      #expect(try await oversized.closed() == .messageTooLarge)
      let binary = WirePlayer(url)
      binary.send(frame: .binary(ByteBuffer(string: #"{"join":{"name":"Eve"}}"#)))
      #expect(try await binary.closed() == .unacceptableData)
      for text in ["not JSON", #"{"hello":{"name":"Eve"}}"#, #"{"answer":{"q":1,"c":0}}"#] {
        let stranger = WirePlayer(url)
        stranger.send(frame: .text(text))
        _ = try await stranger.closed()
      }

      // A player that joined and then sends a malformed answer mid-question: closed, and left.
      let (mallory, _) = try await WirePlayer.join(url, name: "Mallory")
      _ = try await mallory.receive { $0.isQuestion }
      mallory.send(frame: .text(#"{"answer":{"q":1}}"#))
      _ = try await mallory.closed()
      try await host.waitFor("Mallory left")

      _ = try await bob.receive { $0.isQuestion }
      bob.send(.answer(question: 1, choice: 0))
      let heard = try await bob.receive { $0.isVerdict }.map(\.message)
      guard let verdict = verdict(in: heard) else { throw Failure("no verdict") }
      #expect(verdict.choice == 0 && verdict.of == 2)
      #expect(!host.text.contains("Eve joined"))
    }

    @Test func twoHundredSilentConnectionsDoNotStopTheNight() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.host(
        sandbox, ["--count", "1", "--start-when", "1", "--auto", "--max-players", "200"])
      let port = try Self.port(of: url)
      let code = String(url[url.index(after: url.lastIndex(of: "/")!)...])
      var silent: [RawSocket] = []
      for number in 0..<200 {
        // From another machine than Ann's: each address has its share of connections waiting.
        let socket = try RawSocket(port: port, from: "127.0.0.2")
        // A third say nothing at all, a third stop half-way through their request, a third
        // become WebSockets and say nothing.
        switch number % 3 {
        case 0: break
        case 1: socket.send("GET /\(code) HTTP/1.1\r\nHost: 12")
        default: socket.request("/\(code)", upgrade: true)
        }
        silent.append(socket)
      }
      // A real player, timed on threads of their own: the night lets it in long before it
      // drops the silent ones (10 s after they connected).
      let began = ContinuousClock.now
      let ann = try NightProcess(
        ["join", url, "--name", "Ann", "--no-color", "--script", try sandbox.write("ann.txt", "1\n")], in: sandbox)
      #expect(try await ann.waitForExit() == 0, "\(ann.text)")
      #expect(ann.text.contains("in all · 1st of 1") && ann.text.contains("final standings"), "\(ann.text)")
      let joined = try #require(host.arrival(of: "Ann joined"))
      #expect(joined - began < .seconds(5))
      #expect(silent.count == 200)
    }

    @Test func aPlayerThatDropsMidQuestionComesBackWithItsToken() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await Self.liveHost(sandbox, ["--time", "30", "--start-when", "2", "--count", "2"])
      let (ann, welcome) = try await WirePlayer.join(url, name: "Ann")
      let (bob, _) = try await WirePlayer.join(url, name: "Bob")
      // With --seed 3 the right choices are 1 and 1: Ann has points to keep.
      for (player, choice) in [(ann, 1), (bob, 0)] {
        _ = try await player.receive { $0.isQuestion }
        player.send(.answer(question: 1, choice: choice))
      }
      guard let first = verdict(in: try await ann.receive(until: { $0.isVerdict }).map(\.message)) else {
        throw Failure("no verdict")
      }
      try #require(first.total > 0)
      try await host.waitFor("Question 1 of 2: the answers")
      try host.type("next")
      try await host.waitFor("Standings after question 1 of 2")
      try host.type("next")
      for player in [ann, bob] { _ = try await player.receive { $0.isQuestion } }
      try await host.waitFor("Question 2 of 2")

      ann.drop()
      try await host.waitFor("Ann left")
      try await Task.sleep(for: .seconds(1))
      let (back, again) = try await WirePlayer.join(url, name: "Ann", token: welcome.token)
      // The welcome is the whole night as Ann sees it: the question, with the time it has left.
      #expect(again.you.name == "Ann" && again.token == welcome.token && again.you.score == first.total)
      guard case .question(let question) = again.stage.scene else { throw Failure("not on the question") }
      #expect(question.number == 2)
      #expect(question.msLeft > 0 && question.msLeft <= question.limitMs - 1000, "\(question.msLeft) ms left")
      try await host.waitFor("Ann is back")

      back.send(.answer(question: 2, choice: 1))
      bob.send(.answer(question: 2, choice: 0))
      guard let second = verdict(in: try await back.receive(until: { $0.isVerdict }).map(\.message)) else {
        throw Failure("no verdict")
      }
      #expect(second.question == 2 && second.choice == 1)
      #expect(second.points > 0 && second.total == first.total + second.points)
      withExtendedLifetime(host) {}
    }
  }
#endif
