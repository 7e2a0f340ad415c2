#if Night
  import ArgumentParser
  import NightCluster

  /// `trivia-night room`: the pipe of `trivia host --postgres` to its night's edges, through
  /// PostgreSQL. The game sees the same events and sends the same commands as with `serve`; the
  /// players are on edges, each connection numbered with its edge's number above its own.
  struct Room: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "room", abstract: "Relay a night's room to its edges through PostgreSQL (run by trivia host).")

    @Option var postgres: String
    /// Where players join: the balancer in front of the edges, HOST:PORT.
    @Option var address: String
    @Option var code: String

    func run() async throws {
      #if Cluster
        await RoomRelay(postgres: postgres, address: address, code: code).run()
      #else
        await Relay.say(.failed("this trivia-night was built without PostgreSQL: `make cluster` builds one with it."))
      #endif
      await Relay.finish()
    }
  }
#endif
