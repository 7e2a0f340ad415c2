#if Night
  import LoopbackSocket
  import Testing

  /// The web side of a night by the book (#36), through `trivia host` and the `trivia-night serve`
  /// it runs: who may open the WebSocket, RFC 6455's close codes, and what every answer carries.
  @Suite struct WebTests {
    /// The whole response, lowercased, to `request` (its lines, without the blank line after).
    static func answer(_ port: Int, _ request: [String]) async throws -> (Int, String, RawSocket) {
      let raw = try RawSocket(port: port)
      raw.send(request.joined(separator: "\r\n") + "\r\n\r\n")
      let (bytes, _) = await raw.readBytes { String(decoding: $0, as: UTF8.self).contains("\r\n\r\n") }
      let text = String(decoding: bytes, as: UTF8.self).lowercased()
      return (text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0, text, raw)
    }

    /// An upgrade to the night's WebSocket at `path`, from a page at `origin` (nil: no Origin).
    static func upgrade(_ port: Int, _ path: String, origin: String?) async throws -> (Int, String, RawSocket) {
      try await answer(
        port,
        [
          "GET \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Upgrade: websocket", "Connection: Upgrade",
          "Sec-WebSocket-Version: 13", "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        ] + (origin.map { ["Origin: \($0)"] } ?? []))
    }

    @Test func theNightsSocketAndPagesAreServedByTheBook() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.liveHost(sandbox, ["--count", "1"])
      let port = try WireTests.port(of: url)
      let path = "/" + url.split(separator: "/").last!

      // Another site's page, or a sandboxed one, may not open it: 403, under the policy.
      for origin in ["http://evil.example", "null"] {
        let (code, text, _) = try await Self.upgrade(port, path, origin: origin)
        #expect(code == 403, "\(origin): \(text)")
        #expect(text.contains("x-content-type-options: nosniff") && text.contains("content-security-policy: "))
      }
      // The night's own page may, and a program that names none.
      #expect(try await Self.upgrade(port, path, origin: "http://127.0.0.1:\(port)").0 == 101)
      #expect(try await Self.upgrade(port, path, origin: nil).0 == 101)
      // `trivia-night connect`'s client (a `ws://` Origin) joins as ever.
      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await host.waitFor("Ann joined")

      // A frame sent unmasked is a protocol error (1002); a text that is not UTF-8, 1007.
      let (_, _, unmasked) = try await Self.upgrade(port, path, origin: nil)
      unmasked.sendFrame(opcode: 0x1, Array(#"{"join":{"name":"Bob"}}"#.utf8), masked: false)
      #expect(await unmasked.closeCode() == 1002)
      let (_, _, invalid) = try await Self.upgrade(port, path, origin: nil)
      invalid.sendFrame(opcode: 0x1, [0x7B, 0xC3, 0x28, 0x7D])
      #expect(await invalid.closeCode() == 1007)

      // GET and HEAD only; every answer, a 404 too, with nosniff and the page's policy.
      for method in ["TRACE", "DELETE", "POST", "OPTIONS"] {
        let (code, text, _) = try await Self.answer(
          port, ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:\(port)", "Content-Length: 0"])
        #expect(code == 405 && text.contains("allow: get, head"), "\(method): \(text)")
      }
      for asked in [path, path + "/nothing", "/favicon.ico"] {
        let (_, text, _) = try await Self.answer(port, ["GET \(asked) HTTP/1.1", "Host: 127.0.0.1:\(port)"])
        #expect(text.contains("x-content-type-options: nosniff"), "\(asked): \(text)")
        #expect(text.contains("content-security-policy: default-src 'none'"), "\(asked): \(text)")
      }
      // Nobody but Ann joined.
      #expect(!host.text.contains("Bob joined"))
      withExtendedLifetime(ann) {}
    }
  }
#endif
