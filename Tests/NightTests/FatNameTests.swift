#if Night
  import Glibc
  import NightKit
  import Testing

  /// Issue 35: names of a few characters and 4 KiB each, from 50 players at once, made every
  /// welcome larger than the pipe between `trivia` and `trivia-night`, and each side blocked
  /// writing to the other: the host froze, deaf to its keys and its signals. Such names are now
  /// refused by their bytes, and neither side of the pipe waits on the other.
  @Suite(.timeLimit(.minutes(1)))
  struct FatNameTests {
    /// "Z1😀" and so on, the emoji carrying 1,008 invisible tags: 4 characters, 4,039 bytes or
    /// so, which still fit a join in the wire's 4 KiB.
    static func fatName(_ number: Int) -> String {
      "Z\(number)😀" + String(String.UnicodeScalarView((0..<1_008).map { Unicode.Scalar(0xE0020 + UInt32($0 % 0x5F))! }))
    }

    /// At head the host welcomed them, each welcome about 80 KB (20 such names), and froze
    /// before the last: neither Ann's welcome nor the end came.
    @Test func fiftyPlayersWithNamesOfFourKiBAreRefusedAndTheHostGoesOn() async throws {
      let sandbox = try Sandbox()
      let (host, url) = try await WireTests.host(sandbox, ["--start-when", "90", "--max-players", "100"])
      let fat = (1...50).map { _ in WirePlayer(url) }
      for (number, player) in fat.enumerated() { player.send(.join(name: Self.fatName(number + 1), token: nil)) }
      for (number, player) in fat.enumerated() {
        let message = try await player.next(within: .seconds(20))
        #expect(message == .refused(NameRefusal.tooManyBytes.description), "player \(number + 1): \(message)")
      }
      let (_, welcome) = try await WirePlayer.join(url, name: "Ann")
      #expect(welcome.you.name == "Ann")
      try await host.waitFor("Ann joined", timeout: .seconds(10))
      let asked = ContinuousClock.now
      host.kill(SIGTERM)
      // Within seconds when the machine is idle; the bound is for a machine busy with the rest
      // of the suite. Before #35 it never ended.
      #expect(try await host.waitForExit(timeout: .seconds(30)) == 0)
      #expect(ContinuousClock.now - asked < .seconds(30))
      #expect(host.text.ranges(of: " joined").count == 1, "\(host.text)")
    }
  }
#endif
