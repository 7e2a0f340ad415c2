#if Night
  import LoopbackSocket
  import Testing
  import TriviaNight

  /// The web side by the book (#36): who may open the night's WebSocket, how a client that breaks
  /// RFC 6455 is closed, and what every HTTP answer carries.
  extension NightServerTests {
    /// The status and headers, lowercased, of a WebSocket upgrade sent with `origin` (none when
    /// nil) to a server reached as `host`; the socket, left open.
    func upgrade(_ server: NightServer, origin: String?, host: String? = nil) async throws -> (Int, String, RawSocket) {
      let raw = try RawSocket(port: server.port)
      let lines =
        [
          "GET /\(Self.code) HTTP/1.1", "Host: \(host ?? "127.0.0.1:\(server.port)")", "Upgrade: websocket",
          "Connection: Upgrade", "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ] + (origin.map { ["Origin: \($0)"] } ?? [])
      raw.send(lines.joined(separator: "\r\n") + "\r\n\r\n")
      let (code, text) = await head(raw)
      return (code, text.lowercased(), raw)
    }

    /// The status and head of the answer to what `raw` asked: a 101's, or one with no body, ends
    /// with "\r\n", which `status()` waits past.
    func head(_ raw: RawSocket) async -> (Int, String) {
      let (text, _) = await raw.read { $0.contains("\r\n\r\n") }
      return (text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0, text)
    }

    @Test func onlyTheNightsOwnPagesOpenItsWebSocket() async throws {
      let server = try await start()
      let port = server.port
      // Another site's page, a sandboxed or local file's (`null`), a scheme no page of the night has.
      for origin in [
        "http://evil.example", "null", "http://127.0.0.1.evil.example:\(port)", "file://", "chrome-extension://x",
      ] {
        let (code, text, _) = try await upgrade(server, origin: origin)
        #expect(code == 403, "\(origin): \(text)")
        #expect(text.contains("x-content-type-options: nosniff") && text.contains("content-security-policy: "))
      }
      // The night's page at another port is another origin.
      #expect(try await upgrade(server, origin: "http://127.0.0.1:\(port + 1)").0 == 403)
      // A DNS name pointed at the night (rebinding) is no address of the night's, even as its Host.
      #expect(try await upgrade(server, origin: "http://evil.example:\(port)", host: "evil.example:\(port)").0 == 403)
      // The night's own page, by its address or as localhost, and a program that names no page.
      for origin in ["http://127.0.0.1:\(port)", "HTTP://LOCALHOST:\(port)", nil] {
        #expect(try await upgrade(server, origin: origin).0 == 101, "\(origin ?? "no Origin")")
      }
      // An address the interfaces do not list (a NAT's, a container's published port), as the Host
      // the page was served from.
      #expect(try await upgrade(server, origin: "http://203.0.113.5:8080", host: "203.0.113.5:8080").0 == 101)
      // swift-websocket's client, as `trivia-night connect` runs it, names its own ws:// address.
      let (client, _) = try await join(server)
      client.close()
      // Behind a balancer (an edge): its host's pages, at any port, http or https.
      #expect(try await upgrade(server, origin: "https://night.example.org").0 == 403)
      server.show(join: "http://night.example.org/\(Self.code)", qr: nil)
      for origin in ["https://night.example.org", "http://night.example.org", "http://Night.Example.org:8080"] {
        #expect(try await upgrade(server, origin: origin).0 == 101, "\(origin)")
      }
      #expect(try await upgrade(server, origin: "https://evil.night.example.org").0 == 403)
      await server.stop()
    }

    /// A message may come in several frames, a ping between them; frames that do not follow
    /// each other, a reserved bit, or frames adding up to more than 4 KiB close their connection.
    @Test func aMessageInFramesIsOneTextAndFramesBreakingTheRulesClose() async throws {
      let server = try await start()
      let (_, _, split) = try await upgrade(server, origin: nil)
      // "Zoë" as a text frame not final, a ping, then "ë"'s two bytes in two continuations.
      for (first, payload) in [(0x01, Array("Zo".utf8)), (0x89, []), (0x00, [0xC3]), (0x80, [0xAB])]
        as [(UInt8, [UInt8])]
      {
        split.sendFrame(first: first, payload)
      }
      let seen = try await events(of: server) { $0.contains { if case .text = $0 { true } else { false } } }
      #expect(seen.compactMap { if case .text(_, let text) = $0 { text } else { nil } } == ["Zoë"])
      #expect(await split.readBytes { $0.contains(0x8A) }.bytes.contains(0x8A), "the ping was not answered")

      let tooLong =
        [(UInt8(0x01), [UInt8](repeating: 0x78, count: 125))]
        + Array(repeating: (0x00, [UInt8](repeating: 0x78, count: 125)), count: 32)
      let broken: [(frames: [(UInt8, [UInt8])], code: Int)] = [
        ([(0x80, Array("lost".utf8))], 1002),
        ([(0x01, Array("one".utf8)), (0x81, Array("two".utf8))], 1002),
        ([(0xC1, Array("rsv1".utf8))], 1002),
        (tooLong, 1009),
      ]
      for (frames, code) in broken {
        let (_, _, raw) = try await upgrade(server, origin: nil)
        for (first, payload) in frames { raw.sendFrame(first: first, payload) }
        #expect(await raw.closeCode() == code, "\(frames.map(\.0))")
      }
      await server.stop()
    }

    @Test func anUnmaskedFrameClosesWith1002AndATextThatIsNotUTF8With1007() async throws {
      let server = try await start()
      let (_, _, unmasked) = try await upgrade(server, origin: nil)
      unmasked.sendFrame(opcode: 0x1, Array(#"{"join":{"name":"Ann"}}"#.utf8), masked: false)
      #expect(await unmasked.closeCode() == 1002)
      let (_, _, invalid) = try await upgrade(server, origin: nil)
      invalid.sendFrame(opcode: 0x1, [0x41, 0xC3, 0x28])
      #expect(await invalid.closeCode() == 1007)
      // Neither reached the night; a masked frame in good UTF-8 does.
      let (_, _, good) = try await upgrade(server, origin: nil)
      good.sendFrame(opcode: 0x1, Array("Zoë".utf8))
      // (Their frames were judged before it opened: their close codes came first.)
      let seen = try await events(of: server) { $0.contains { if case .text = $0 { true } else { false } } }
      #expect(seen.compactMap { if case .text(_, let text) = $0 { text } else { nil } } == ["Zoë"])
      await server.stop()
    }

    @Test func everyMethodButGetAndHeadIs405WithAllowAndEveryAnswerHasThePolicy() async throws {
      let server = try await start()
      for method in ["TRACE", "DELETE", "POST", "OPTIONS", "PUT", "PATCH", "CONNECT"] {
        let raw = try RawSocket(port: server.port)
        raw.send("\(method) /\(Self.code) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        let (code, text) = await head(raw)
        #expect(code == 405, "\(method): \(text)")
        #expect(text.lowercased().contains("allow: get, head"), "\(method): \(text)")
        #expect(!text.contains("<html"), "\(method): \(text)")
      }
      // Nor does an upgrade open by another method.
      let raw = try RawSocket(port: server.port)
      raw.send(
        "POST /\(Self.code) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nUpgrade: websocket\r\n"
          + "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
      #expect(await head(raw).0 == 405)
      // Every answer, refusals too, carries nosniff and the page's policy.
      for path in ["/\(Self.code)", "/\(Self.code)/nothing", "/WRONG1", "/favicon.ico"] {
        let answer = try await get(server, path)
        #expect(answer.contains("x-content-type-options: nosniff"), "\(path): \(answer)")
        #expect(answer.contains("content-security-policy: default-src 'none'"), "\(path): \(answer)")
      }
      await server.stop()
    }
  }
#endif
