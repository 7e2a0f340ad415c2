#if Night
  import ArgumentParser
  import Glibc
  import NightKit
  import NightRelay
  import TriviaNight

  /// `trivia-night connect URL`: a player's connection to a host. A connection that drops is
  /// tried again each second for a minute (the game then rejoins with its token); one that
  /// never opened is not, unless it comes back (`--coming-back`).
  struct Connect: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "connect", abstract: "Connect to a night's host as a player (run by trivia join).")

    @Argument var url: String

    /// The game had a place in the night and started this one because the last ended (killed,
    /// crashed): its host may be away too, so a first try that does not open is a drop, not
    /// a wrong address.
    @Flag(help: "Try again for a minute even if the first connection does not open: the player has a place.")
    var comingBack = false

    func run() async throws {
      await relay()
    }

    @MainActor
    private func relay() async {
      var relay = Relay()
      var client = NightClient.connect(url: url)
      var line = PlayerLine(address: url, comingBack: comingBack)
      let clock = ContinuousClock()
      let start = clock.now
      relaying: while true {
        let timeout =
          line.retryAt.map { Int32(max(0, (($0 - (clock.now - start)) / .milliseconds(1)).rounded(.up))) } ?? -1
        let (commands, ready) = relay.wait(network: client.descriptor, timeout: timeout)
        var events: [PlayerLine.Event] = [.tick]
        if ready {
          events =
            client.drain().map { event in
              switch event {
              case .connected: .connected
              case .text(let text): .text(text)
              case .closed(let reason): .closed(reason)
              }
            } + events
        }
        for event in events {
          for effect in line.handle(event, now: clock.now - start) {
            switch effect {
            case .say(let said): Relay.say(said)
            case .dial: client = NightClient.connect(url: url)
            case .fail(let reason):
              Relay.say(.failed(reason))
              break relaying
            }
          }
        }
        guard let commands else { break relaying }
        var handler = Commands(client: client)
        for command in commands {
          guard command.apply(to: &handler), !handler.closed else { break relaying }
        }
      }
      client.close()
      // The close frame leaves before the process does.
      try? await Task.sleep(for: .milliseconds(50))
      Relay.finish()
    }

    /// The game's commands on a player's side: frames for its one connection; `close` ends it.
    private struct Commands: RelayCommand.Handler {
      let client: NightClient
      var closed = false

      mutating func send(_ text: String, to connections: [ConnectionID]) { client.send(text) }
      mutating func close(_ connection: ConnectionID) { closed = true }
    }
  }
#endif
