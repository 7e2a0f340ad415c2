#if Night
  import ArgumentParser
  import NightKit
  import NightRelay
  import NightSSH
  import TriviaNight

  /// `trivia-night serve`: listens for a night's players and relays their frames.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve", abstract: "Listen for a night's players (run by trivia host).")

    @Option var port: Int
    @Option var code: String
    @Option var bind: String?
    @Option var maxConnections = 164
    /// The SSH door's port (#39), 0 for any free one; none without it.
    @Option var sshPort: Int?
    @Option var sshPlayers = 200
    /// `trivia`, for the SSH door's players.
    @Option var player: String?

    func run() async throws {
      await relay()
    }

    @MainActor
    private func relay() async {
      var limits = NightLimits()
      // The game's count is for players who joined; those still joining have a pool of their own.
      limits.maxConnections = maxConnections + limits.maxWaiting
      // An SSH player holds its connection, two copies of its terminal and one for resizing, and
      // its `trivia join`'s WebSocket; idle SSH connections are capped at as many as players.
      DescriptorLimit.raise(toHold: limits.maxConnections + (sshPort == nil ? 0 : 6 * sshPlayers))
      let server: NightServer
      do {
        server = try await NightServer.start(code: code, bind: bind, port: port, limits: limits)
      } catch {
        Relay.say(.failed("cannot listen on port \(port)\(bind.map { " of \($0)" } ?? ""): \(error)"))
        return Relay.finish()
      }
      let addresses = NightServer.addresses(bind: bind)
      let url = addresses.first.map { JoinURL.text(address: $0, port: server.port, code: code) }
      let qr = url.flatMap(QRModules.rows(for:))
      if let url { server.show(join: url, qr: qr) }
      // Said before `listening`, so the lobby's first drawing has its line.
      var door: SSHDoor?
      if let sshPort {
        door = await SSHStart(port: sshPort, maxPlayers: sshPlayers, program: player).open(
          server: server, code: code, bind: bind, addresses: addresses)
        if door == nil {
          await server.stop()
          return Relay.finish()
        }
      }
      Relay.say(.listening(port: server.port, addresses: addresses, qr: qr))
      var relay = Relay()
      var open: Set<ConnectionID> = []
      var handler = ServerCommands(server: server)
      relaying: while true {
        let (commands, ready) = relay.wait(network: server.descriptor)
        if ready {
          // Everything that arrived together goes to the game in one write.
          var said: [RelayEvent] = []
          for event in server.drain() {
            switch event {
            case .opened(let id, let address):
              open.insert(id)
              said.append(.opened(id, address: address))
            case .text(let id, let text): said.append(.text(id, text))
            case .closed(let id):
              open.remove(id)
              said.append(.closed(id, reason: nil))
            case .refusing(let sentence): said.append(.refusing(sentence))
            }
          }
          Relay.say(said)
        }
        guard let commands else {
          // The game ended without a word (killed): its players hear it from here.
          if let lastWords = handler.lastWords { server.send(lastWords, to: Array(open)) }
          break relaying
        }
        for command in commands {
          guard command.apply(to: &handler) else {
            handler.flush()
            break relaying
          }
        }
        handler.flush()
      }
      await door?.close()
      await server.stop()
      Relay.finish()
    }
  }
#endif
