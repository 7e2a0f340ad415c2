#if Night
  import NightKit
  import Testing

  /// Issue 36: names that draw the same got in beside each other when emoji were involved (a tag
  /// after an emoji, a joiner with nothing to join, a joiner between two emoji), and two identical
  /// `Fat😀` stood side by side on the big screen. Through a real `trivia host`.
  @Suite(.timeLimit(.minutes(1)))
  struct LookAlikeNameTests {
    @Test func anEmojisInvisiblePartsDoNotMakeANewName() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.host(sandbox, ["--start-when", "90"])
      let pairs = [
        ("Zed😀", "Zed😀\u{E0041}"), ("😀Kim", "😀\u{200D}Kim"), ("Lu😀😀", "Lu😀\u{200D}😀"),
        ("Fat😀", "Fat😀" + String(repeating: "\u{E0020}", count: 8)),
      ]
      var players: [WirePlayer] = []
      for (name, lookAlike) in pairs {
        let (first, welcome) = try await WirePlayer.join(url, name: name)
        #expect(welcome.you.name == name)
        players.append(first)
        let second = WirePlayer(url)
        second.send(.join(name: lookAlike, token: nil))
        let message = try await second.next(within: .seconds(10))
        guard case .failure(let refusal) = PlayerName.validate(lookAlike, taken: [name]), case .taken = refusal else {
          throw Failure("\(lookAlike.unicodeScalars.count) code points got in beside \(name)")
        }
        #expect(message == .refused(refusal.description))
      }
      // What got in is what shows: the stray tag is not kept, so no screen draws it.
      let (_, welcome) = try await WirePlayer.join(url, name: "Ann😀\u{E0041}")
      #expect(welcome.you.name == "Ann😀")
      try await host.waitFor("Ann😀 joined", timeout: .seconds(10))
      #expect(host.text.ranges(of: " joined").count == 5, "\(host.text)")
      withExtendedLifetime(players) {}
    }
  }
#endif
