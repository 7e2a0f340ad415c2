import NightKit

/// The commands for what a room decided, in order: each message encoded once for all its
/// receivers, and verdicts in a row made one table (`yours`), each player's message built beside
/// its socket. `trivia host` sends them to `trivia-night`; `make simulate`'s room, to its
/// relay.
public struct RelayBatch: Sendable {
  private var commands: [RelayCommand] = []
  private var verdicts: [RelayCommand.Personal] = []

  public init() {}

  /// A message or a close for players; a notice for the host has no command.
  public mutating func add(_ output: NightOutput) {
    switch output {
    case .send(.you(let you), let to) where to.count == 1:
      verdicts.append(RelayCommand.Personal(to: to[0], row: you.row))
    case .send(let message, let to):
      add(.send(NightWire.encode(message), to: to))
    case .close(let connection, let message):
      if let message { add(.send(NightWire.encode(message), to: [connection])) }
      add(.close(connection))
    case .host:
      break
    }
  }

  public mutating func add(_ command: RelayCommand) {
    flush()
    commands.append(command)
  }

  /// The commands so far; the batch starts again empty.
  public mutating func take() -> [RelayCommand] {
    flush()
    defer { commands.removeAll() }
    return commands
  }

  private mutating func flush() {
    guard !verdicts.isEmpty else { return }
    commands.append(.yours(verdicts))
    verdicts.removeAll()
  }
}
