#if Night
  import ArgumentParser
  import NightCluster

  /// `trivia-night edge` (`trivia edge`): holds players' sockets for the nights in a PostgreSQL,
  /// serves their page, and relays them to and from the room.
  struct Edge: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edge", abstract: "Hold a night's players for its room, through PostgreSQL (run by trivia edge).")

    @Option var postgres: String
    @Option var port: Int
    @Option var bind: String?
    @Option var maxConnections = 20_000
    /// The balancer's address: its X-Forwarded-For names the player.
    @Option var balancer: String?

    func run() async throws {
      #if Cluster
        await EdgeRelay(
          postgres: postgres, port: port, bind: bind, maxConnections: maxConnections, balancer: balancer
        ).run()
      #else
        print("trivia edge: this trivia-night was built without PostgreSQL: `make cluster` builds one with it.")
        throw ExitCode(2)
      #endif
    }
  }
#endif
