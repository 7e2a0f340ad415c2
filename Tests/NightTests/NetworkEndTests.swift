#if Night
  import Glibc
  import ProcessSpawn
  import Testing

  /// A host's `trivia-night` that ends without a word: the host says how it ended, so a crash
  /// (a signal such as 11) can be told from a kill or an exit.
  @Suite struct NetworkEndTests {
    @Test func aHostsKilledNetworkIsSaidToHaveBeenKilled() async throws {
      let sandbox = try Sandbox()
      let (host, _) = try await WireTests.liveHost(sandbox, ["--start-when", "9"])
      let network = try #require(
        ProcessTree.children(of: host.pid).first { ProcessTree.arguments(of: $0).dropFirst().first == "serve" })
      kill(network, SIGKILL)
      _ = try await host.waitFor("The night cannot go on: trivia-night ended unexpectedly (signal 9, Killed).")
      try host.type("quit")
      #expect(host.waitForExit(timeout: .seconds(10)) != nil, "\(host.text)")
    }
  }
#endif
