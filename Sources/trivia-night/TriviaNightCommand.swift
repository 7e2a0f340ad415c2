#if Night
  import ArgumentParser

  /// `trivia-night`: the network of a trivia night, run by `trivia host` and `trivia join`
  /// with a pipe each way (see NightRelay), so that a plain `trivia` links no server. It moves
  /// text frames and knows nothing of the game.
  @main
  struct TriviaNightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "trivia-night",
      abstract: "The network of a trivia night, run by trivia host and trivia join; not for typing.",
      discussion: """
        Reads commands from standard input and writes events to standard output, one JSON object a \
        line each way.
        """,
      version: "0.2.0",
      subcommands: [Serve.self, Connect.self, Room.self, Edge.self])
  }
#endif
