import Glibc
import NightRelay

/// The pipe to the game: events out on standard output, commands in from standard input.
/// Only the main thread touches it; it waits in `poll` with the network's descriptor.
@MainActor
struct Relay {
  private var buffer: [UInt8] = []

  /// Once the game is gone, what it would have heard no longer matters.
  static func say(_ event: RelayEvent) {
    RelayLines.write(event, to: STDOUT_FILENO)
  }

  /// Says `events` in one write: what arrived together reaches the game together.
  static func say(_ events: [RelayEvent]) {
    guard !events.isEmpty else { return }
    var bytes: [UInt8] = []
    for event in events { RelayLines.encode(event, into: &bytes) }
    RelayLines.write(bytes: bytes, to: STDOUT_FILENO)
  }

  /// Waits until the network has events, a command arrives, or `timeout` milliseconds pass.
  /// Returns the commands read (nil at the end of standard input: the game has gone) and
  /// whether the network's descriptor is ready.
  mutating func wait(network: Int32, timeout: Int32 = -1) -> (commands: [RelayCommand]?, network: Bool) {
    var waits = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: network, events: Int16(POLLIN), revents: 0),
    ]
    guard poll(&waits, 2, timeout) > 0 else { return ([], false) }
    var commands: [RelayCommand] = []
    if waits[0].revents != 0 {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN) { return (nil, waits[1].revents != 0) }
      if got > 0 { buffer += chunk.prefix(got) }
      commands = RelayLines.commands(&buffer)
    }
    return (commands, waits[1].revents != 0)
  }
}
