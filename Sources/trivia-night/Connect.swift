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

  static let comeBackWithin: Duration = .seconds(60)

  func run() async throws {
    await relay()
  }

  @MainActor
  private func relay() async {
    var relay = Relay()
    var client = NightClient.connect(url: url)
    var everOpened = comingBack
    /// Since when the connection has been down, while it is tried again.
    var downSince: ContinuousClock.Instant?
    var retryAt: ContinuousClock.Instant?
    relaying: while true {
      let timeout = retryAt.map { Int32(max(0, (($0 - .now) / .milliseconds(1)).rounded(.up))) } ?? -1
      let (commands, ready) = relay.wait(network: client.descriptor, timeout: timeout)
      if ready {
        for event in client.drain() {
          switch event {
          case .connected:
            everOpened = true
            downSince = nil
            Relay.say(.opened(ConnectionID(0), address: url))
          case .text(let text): Relay.say(.text(ConnectionID(0), text))
          case .closed(let reason):
            guard everOpened else {
              Relay.say(.failed(reason))
              break relaying
            }
            if downSince == nil {
              downSince = .now
              Relay.say(.closed(ConnectionID(0), reason: reason))
            }
            if let downSince, ContinuousClock.now - downSince >= Self.comeBackWithin {
              Relay.say(.failed("no answer from the host for a minute"))
              break relaying
            }
            retryAt = .now + .seconds(1)
          }
        }
      }
      if let at = retryAt, ContinuousClock.now >= at {
        retryAt = nil
        client = NightClient.connect(url: url)
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
