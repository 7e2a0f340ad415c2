#if Night
  import Glibc
  import Logging
  import LoopbackSocket
  import NIOCore
  import NIOWebSocket
  import NightKit
  import NightRelay
  import Testing
  import TriviaNight
  import WSClient

  /// A real server on 127.0.0.1, port 0, with real clients; one test at a time, as each opens
  /// many sockets and some measure time.
  @Suite(.serialized) struct NightServerTests {
    static let code = "K7WQ3M"

    func start(_ change: (inout NightLimits) -> Void = { _ in }) async throws -> NightServer {
      var limits = NightLimits()
      change(&limits)
      return try await NightServer.start(code: Self.code, bind: "127.0.0.1", port: 0, limits: limits)
    }

    func url(_ server: NightServer, code: String = code) -> String { "http://127.0.0.1:\(server.port)/\(code)" }

    /// A client connected and seen by the server: its id there.
    func join(_ server: NightServer) async throws -> (NightClient, ConnectionID) {
      let client = NightClient.connect(url: url(server))
      try await events(of: client) { $0.contains(.connected) }
      let opened = try await events(of: server) { !$0.opened.isEmpty }
      return (client, opened.opened[0])
    }

    @Test func theRightCodeInAnyCaseUpgradesAndTextGoesBothWays() async throws {
      let server = try await start()
      let client = NightClient.connect(url: url(server, code: Self.code.lowercased()))
      try await events(of: client) { $0.contains(.connected) }
      let opened = try await events(of: server) { !$0.opened.isEmpty }
      guard case .opened(let id, let address) = opened[0] else { Issue.record("\(opened)"); return }
      #expect(address == "127.0.0.1")

      client.send(#"{"name":"Ann"}"#)
      let heard = try await events(of: server) { !$0.texts(from: id).isEmpty }
      #expect(heard.texts(from: id) == [#"{"name":"Ann"}"#])

      server.send("welcome, Ann", to: [id])
      server.close(id)
      let got = try await events(of: client) { $0.closeReason != nil }
      #expect(got.texts == ["welcome, Ann"])
      try await events(of: server) { $0.closed == [id] }
      await server.stop()
    }

    /// Texts sent together (a question's verdicts and its reveal) reach each connection in the
    /// order they were added, a text for both once to each.
    @Test func textsSentTogetherReachEachConnectionInTheirOrder() async throws {
      let server = try await start()
      let (ann, annID) = try await join(server)
      let (bob, bobID) = try await join(server)
      var sends = NightSends()
      sends.add("one", to: [annID, bobID])
      sends.add(each: [(annID, "Ann's own"), (bobID, "Bob's own")])
      sends.add("two", to: [annID])
      server.send(sends)
      try await events(of: ann) { $0.texts == ["one", "Ann's own", "two"] }
      try await events(of: bob) { $0.texts == ["one", "Bob's own"] }
      await server.stop()
    }

    /// The whole response to a plain GET of `path`, lowercased: its status line, headers and body.
    func get(_ server: NightServer, _ path: String) async throws -> String {
      let raw = try RawSocket(port: server.port)
      raw.request(path, upgrade: false)
      let (text, _) = await raw.read { text in
        guard let split = text.firstRange(of: "\r\n\r\n") else { return false }
        let length = text[..<split.lowerBound].lowercased().split(separator: "\r\n")
          .first { $0.hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) }
        return length.map { text[split.upperBound...].utf8.count >= $0 } ?? false
      }
      return text.lowercased()
    }

    @Test func thePageAndItsFilesAreServedUnderTheCodeAndMayLoadNothingElse() async throws {
      let server = try await start()
      let page = try await get(server, "/\(Self.code.lowercased())")
      #expect(page.hasPrefix("http/1.1 200"))
      #expect(page.contains("content-type: text/html; charset=utf-8"))
      #expect(
        page.contains(
          "content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'; "
            + "connect-src 'self' ws://127.0.0.1; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; "
            + "require-trusted-types-for 'script'; trusted-types 'none'"))
      #expect(page.contains(#"<script src="/\#(Self.code.lowercased())/page.js" defer></script>"#))
      let script = try await get(server, "/\(Self.code)/page.js")
      #expect(script.hasPrefix("http/1.1 200") && script.contains("content-type: text/javascript"))
      #expect(script.contains("new websocket("))
      let style = try await get(server, "/\(Self.code)/page.css")
      #expect(style.hasPrefix("http/1.1 200") && style.contains("content-type: text/css"))
      #expect(try await get(server, "/\(Self.code)/page.py").hasPrefix("http/1.1 404"))
      // The page's files are no WebSocket.
      let raw = try RawSocket(port: server.port)
      raw.request("/\(Self.code)/page.js", upgrade: true)
      #expect(await raw.status().code == 404)
      await server.stop()
    }

    @Test func aBrowsersIconRequestIsNoGuessAtTheCode() async throws {
      let server = try await start {
        $0.guesses.free = 0
        $0.guesses.refuseAfter = 2
        $0.guesses.delay = .milliseconds(1)
      }
      for _ in 0..<3 { #expect(try await get(server, "/favicon.ico").hasPrefix("http/1.1 404")) }
      #expect(try await get(server, "/\(Self.code)").hasPrefix("http/1.1 200"))
      for guess in 0..<2 { _ = try await get(server, "/WRONG\(guess)") }
      #expect(try await get(server, "/\(Self.code)").hasPrefix("http/1.1 429"))
      await server.stop()
    }

    /// A page's status, asked as from behind a balancer that says the player is `forwardedFor`.
    func status(_ server: NightServer, _ path: String, forwardedFor: String) async throws -> Int {
      let raw = try RawSocket(port: server.port)
      raw.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: \(forwardedFor)\r\n\r\n")
      return await raw.status().code
    }

    /// An edge behind a balancer (#30): a player is the address the balancer's X-Forwarded-For
    /// ends with, so one player's wrong guesses do not lock out everyone behind the balancer; what
    /// a client wrote there itself (earlier in the list) is not believed.
    @Test func behindItsBalancerGuessesAreCountedByThePlayersAddress() async throws {
      let server = try await start {
        $0.guesses.free = 0
        $0.guesses.refuseAfter = 2
        $0.guesses.delay = .milliseconds(1)
        $0.forwardedBy = "127.0.0.1"
      }
      for guess in 0..<2 { _ = try await status(server, "/WRONG\(guess)", forwardedFor: "203.0.113.7") }
      #expect(try await status(server, "/\(Self.code)", forwardedFor: "203.0.113.7") == 429)
      #expect(try await status(server, "/\(Self.code)", forwardedFor: "203.0.113.9") == 200)
      #expect(try await status(server, "/\(Self.code)", forwardedFor: "203.0.113.7, 203.0.113.9") == 200)
      #expect(try await status(server, "/\(Self.code)", forwardedFor: "203.0.113.9, 203.0.113.7") == 429)
      await server.stop()
    }

    /// Without a balancer named, the header is anyone's to write: guesses count by the peer.
    @Test func withoutABalancerTheForwardedAddressIsNotBelieved() async throws {
      let server = try await start {
        $0.guesses.free = 0
        $0.guesses.refuseAfter = 2
        $0.guesses.delay = .milliseconds(1)
      }
      for guess in 0..<2 { _ = try await status(server, "/WRONG\(guess)", forwardedFor: "203.0.113.7") }
      #expect(try await status(server, "/\(Self.code)", forwardedFor: "203.0.113.9") == 429)
      await server.stop()
    }

    @Test func aWrongCodeIs404AndGuessingIsSlowedThenRefused() async throws {
      let server = try await start {
        $0.guesses.free = 2
        $0.guesses.refuseAfter = 5
        $0.guesses.delay = .milliseconds(300)
      }
      var answers: [(code: Int, took: Duration)] = []
      for guess in 0..<6 {
        let raw = try RawSocket(port: server.port)
        let began = ContinuousClock.now
        raw.request("/WRONG\(guess)", upgrade: guess.isMultiple(of: 2))
        let (code, _) = await raw.status()
        answers.append((code, .now - began))
      }
      #expect(answers.map(\.code) == [404, 404, 404, 404, 404, 429])
      #expect(answers[0].took < .milliseconds(250) && answers[1].took < .milliseconds(250))
      #expect(answers[2].took >= .milliseconds(300))
      #expect(answers[3].took >= .milliseconds(600))
      // Refused now even with the right code, whether as a page or as a WebSocket.
      let raw = try RawSocket(port: server.port)
      raw.request("/\(Self.code)", upgrade: true)
      #expect(await raw.status().code == 429)
      let client = NightClient.connect(url: url(server))
      let got = try await events(of: client) { $0.closeReason != nil }
      #expect(!got.contains(.connected))
      await server.stop()
    }

    @Test func aFanOutReachesEveryOneOfFiftyClients() async throws {
      let server = try await start()
      let clients = (0..<50).map { _ in NightClient.connect(url: url(server)) }
      let opened = try await events(of: server, within: .seconds(20)) { $0.opened.count == 50 }
      server.send("question 1", to: opened.opened)
      for client in clients {
        let got = try await events(of: client) { $0.texts.contains("question 1") }
        #expect(got.texts == ["question 1"])
      }
      await server.stop()
    }

    /// Sends one frame through the WebSocket client library and returns how the server closed.
    func closeAfterSending(_ frame: WebSocketOutboundWriter.OutboundFrame, to server: NightServer) async throws
      -> WebSocketErrorCode?
    {
      let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
      let closed = try await WebSocketClient.connect(url: "ws://127.0.0.1:\(server.port)/\(Self.code)", logger: quiet) {
        inbound, outbound, _ in
        try await outbound.write(frame)
        for try await _ in inbound {}
      }
      return closed?.closeCode
    }

    @Test func oversizedAndBinaryMessagesCloseOnlyTheirConnection() async throws {
      let server = try await start()
      let (bystander, id) = try await join(server)
      #expect(try await closeAfterSending(.text(String(repeating: "x", count: 4097)), to: server) == .messageTooLarge)
      #expect(try await closeAfterSending(.binary(ByteBuffer(string: "hi")), to: server) == .unacceptableData)
      bystander.send("still here")
      let heard = try await events(of: server) { $0.texts(from: id) == ["still here"] }
      #expect(!heard.closed.contains(id))
      server.send("and so am I", to: [id])
      try await events(of: bystander) { $0.texts == ["and so am I"] }
      await server.stop()
    }

    @Test func aMessageOfExactly4KiBIsAccepted() async throws {
      let server = try await start()
      let (client, id) = try await join(server)
      let text = String(repeating: "é", count: 2048)
      client.send(text)
      try await events(of: server) { $0.texts(from: id) == [text] }
      await server.stop()
    }

    @Test func sendingFasterThanTheRateCloses() async throws {
      let server = try await start()
      let (client, id) = try await join(server)
      for number in 0..<30 { client.send("answer \(number)") }
      let got = try await events(of: client) { $0.closeReason != nil }
      #expect(got.closeReason?.contains("Too many messages") == true)
      let seen = try await events(of: server) { $0.closed == [id] }
      #expect(seen.texts(from: id).count <= 11)
      await server.stop()
    }

    @Test func twoHundredSilentSocketsDoNotStopAPlayerAndAreDropped() async throws {
      let server = try await start {
        $0.joinWithin = .seconds(2)
        $0.maxConnections = 300
      }
      var silent: [RawSocket] = []
      for number in 0..<200 {
        // Another client than the player's: each address has its share of connections waiting.
        let raw = try RawSocket(port: server.port, from: "127.0.0.2")
        // Half stop in the middle of their request, half upgrade and then say nothing.
        if number.isMultiple(of: 2) {
          raw.send("GET /\(Self.code) HTTP/1.1\r\nHost: 12")
        } else {
          raw.request("/\(Self.code)", upgrade: true)
        }
        silent.append(raw)
      }
      let began = ContinuousClock.now
      let client = NightClient.connect(url: url(server))
      try await events(of: client) { $0.contains(.connected) }
      client.send("ping")
      // The silent upgraded sockets open too; the player is the one that spoke.
      let heard = try await events(of: server) { seen in seen.contains { if case .text = $0 { true } else { false } } }
      guard let id = heard.lazy.compactMap({ if case .text(let id, "ping") = $0 { id } else { nil } }).first else {
        Issue.record("no ping in \(heard)")
        return
      }
      server.send("pong", to: [id])
      try await events(of: client) { $0.texts == ["pong"] }
      #expect(ContinuousClock.now - began < .seconds(1))

      for raw in silent {
        let (_, ended) = await raw.read(within: .seconds(4))
        #expect(ended)
      }
      // The player who spoke is still there.
      client.send("after")
      try await events(of: server) { $0.texts(from: id) == ["after"] }
      await server.stop()
    }

    @Test func aConnectionThatNeverAnswersPingsIsDropped() async throws {
      let server = try await start {
        $0.pingInterval = .milliseconds(200)
        $0.silentDrop = .seconds(1)
      }
      let (player, playerID) = try await join(server)
      let raw = try RawSocket(port: server.port)
      raw.request("/\(Self.code)", upgrade: true)
      _ = await raw.read(within: .seconds(1)) { $0.contains("\r\n\r\n") }
      raw.sendFrame("hello")
      let seen = try await events(of: server) { $0.opened.count == 1 && $0.closed.count == 1 }
      let rawID = seen.opened[0]
      #expect(seen.texts(from: rawID) == ["hello"])
      #expect(seen.closed == [rawID])
      // The library's client answers pings, so it stays.
      player.send("here")
      try await events(of: server) { $0.texts(from: playerID) == ["here"] }
      await server.stop()
    }

    /// A connection heard from within half the ping interval is not pinged (a ping and its pong
    /// are a system call each way, a player a round); one gone quiet is, every round.
    @Test func onlyTheQuietArePinged() async throws {
      let server = try await start {
        $0.pingInterval = .seconds(1)
        $0.silentDrop = .seconds(20)
      }
      var sockets: [RawSocket] = []
      for _ in 0..<2 {
        let raw = try RawSocket(port: server.port)
        raw.request("/\(Self.code)", upgrade: true)
        _ = await raw.read(within: .seconds(1)) { $0.contains("\r\n\r\n") }
        raw.sendFrame("hello")
        sockets.append(raw)
      }
      let (talking, quiet) = (sockets[0], sockets[1])
      // Four messages a second (under the rate) for three and a half rounds.
      var toTalking: [UInt8] = []
      for _ in 0..<14 {
        talking.sendFrame("here")
        toTalking += await talking.readBytes(within: .milliseconds(250)).bytes
      }
      let toQuiet = await quiet.readBytes(within: .milliseconds(100)).bytes
      // An empty ping from the server: FIN and opcode 9, no mask, no payload.
      let ping: [UInt8] = [0x89, 0x00]
      #expect(!toTalking.contains(ping))
      #expect(toQuiet.ranges(of: ping).count >= 2, "\(toQuiet)")
      await server.stop()
    }

    /// A peer that reads nothing is closed as silent after 30 s only if it says nothing either:
    /// before issue 35 every text sent to it was kept till then, or without end if it spoke.
    /// Past `maxUnsentBytes` unwritten it is closed; a player sent a burst of a MiB, who reads,
    /// stays.
    @Test func aPeerThatReadsNothingIsClosedOnceItLeavesTheMostUnread() async throws {
      let server = try await start { $0.maxUnsentBytes = 256 << 10 }
      let (player, playerID) = try await join(server)
      let raw = try RawSocket(port: server.port)
      raw.request("/\(Self.code)", upgrade: true)
      _ = await raw.read(within: .seconds(1)) { $0.contains("\r\n\r\n") }
      raw.sendFrame("hello")
      let rawID = try #require(try await events(of: server) { $0.opened.count == 1 }.opened.first)
      // 4 KiB at a time, up to 64 MiB: past its socket's buffers (a few MiB on loopback) and
      // 256 KiB more, it is closed.
      let text = String(repeating: "x", count: 4_096)
      var seen: [ServerEvent] = []
      var sent = 0
      while !seen.closed.contains(rawID), sent < 16_384 {
        // The player is sent the first MiB of it, as fast, and reads it.
        server.send(text, to: sent < 256 ? [rawID, playerID] : [rawID])
        sent += 1
        if sent % 64 == 0 {
          try await Task.sleep(for: .milliseconds(5))
          if readable(server.descriptor) { seen += server.drain() }
        }
      }
      let deadline = ContinuousClock.now + .seconds(5)
      while !seen.closed.contains(rawID), ContinuousClock.now < deadline {
        if readable(server.descriptor) { seen += server.drain() } else { try await Task.sleep(for: .milliseconds(5)) }
      }
      #expect(seen.closed == [rawID])
      #expect(sent * 4_096 < 32 << 20, "closed after \(sent) texts")
      player.send("here")
      try await events(of: server) { $0.texts(from: playerID) == ["here"] }
      await server.stop()
    }

    @Test func oneConnectionMoreThanTheMostIsRefusedWith503() async throws {
      let server = try await start { $0.maxConnections = 2 }
      _ = try await join(server)
      _ = try await join(server)
      let raw = try RawSocket(port: server.port)
      raw.request("/\(Self.code)", upgrade: true)
      let (code, text) = await raw.status()
      #expect(code == 503)
      #expect(text.contains("full"))
      let third = NightClient.connect(url: url(server))
      let got = try await events(of: third) { $0.closeReason != nil }
      #expect(!got.contains(.connected))
      await server.stop()
    }

    @Test func stopClosesEveryConnectionWithinASecond() async throws {
      let server = try await start()
      let clients = try await (0..<5).asyncMap { _ in try await join(server).0 }
      let began = ContinuousClock.now
      await server.stop()
      #expect(ContinuousClock.now - began < .seconds(1))
      for client in clients {
        let got = try await events(of: client) { $0.closeReason != nil }
        #expect(got.closeReason == "The night is over.")
      }
    }

    @Test func addressesAreTheBoundOneOrEveryIPv4WithLoopbackLast() {
      #expect(NightServer.addresses(bind: "192.168.1.20") == ["192.168.1.20"])
      let all = NightServer.addresses(bind: nil)
      #expect(all.last == "127.0.0.1")
      #expect(all.allSatisfy { $0.split(separator: ".").count == 4 })
    }

    @Test func aPagesAddressBecomesAWebSocketAddress() {
      #expect(JoinURL.webSocket("http://10.0.0.5:7777/K7WQ3M") == "ws://10.0.0.5:7777/K7WQ3M")
      #expect(JoinURL.webSocket("10.0.0.5:7777/K7WQ3M") == "ws://10.0.0.5:7777/K7WQ3M")
      #expect(JoinURL.webSocket("ws://h:1/C") == "ws://h:1/C")
    }
  }

  extension Range<Int> {
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
      var results: [T] = []
      for element in self { results.append(try await transform(element)) }
      return results
    }
  }
#endif
