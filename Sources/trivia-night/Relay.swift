#if Night
  import Glibc
  import NightRelay

  /// The pipe to the game: events out on standard output, commands in from standard input.
  /// Only the main thread touches it; it waits in `poll` with the network's descriptor.
  ///
  /// Events are never waited for: they go through a `PipeOutbox`, written as the game reads
  /// them, so that standard input is read whatever the game does with its end. A game that reads
  /// nothing of the outbox's limit (64 MiB) is stuck: `wait` then says `.failed` (within a
  /// second, if it can) and answers as if the game had gone, so each command ends as it does
  /// when its game is killed (`serve` tells its players the last words).
  @MainActor
  struct Relay {
    private var buffer: [UInt8] = []
    /// What one read of standard input takes, made once: zeroing 64 KiB a read was a tenth of a
    /// percent of the night.
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    private static var out: PipeOutbox = {
      // A game gone is an EPIPE for the outbox, not the end of this process: its players are
      // still to hear the last words.
      signal(SIGPIPE, SIG_IGN)
      return PipeOutbox(descriptor: STDOUT_FILENO)
    }()

    /// Once the game is gone, what it would have heard no longer matters.
    static func say(_ event: RelayEvent) {
      out.send(RelayLines.encode(event))
    }

    /// Says `events` in one write: what arrived together reaches the game together.
    static func say(_ events: [RelayEvent]) {
      guard !events.isEmpty else { return }
      var bytes: [UInt8] = []
      for event in events { RelayLines.encode(event, into: &bytes) }
      out.send(bytes)
    }

    /// Says `bytes`, events already framed.
    static func say(bytes: [UInt8]) {
      out.send(bytes)
    }

    /// Writes what waits for the game, for at most a second: a command that ends says its last
    /// events (a `.failed`, the last `closed`) to a game that reads them while it waits for the
    /// end (`NightPipe.stop`), and does not wait long on one that does not.
    static func finish() {
      out.drain(within: .seconds(1))
    }

    /// Waits until the network has events, a command arrives, or `timeout` milliseconds pass,
    /// writing what waits for the game as its pipe takes it. Returns the commands read (nil at
    /// the end of standard input, or once the game is stuck) and whether the network's
    /// descriptor is ready.
    mutating func wait(network: Int32, timeout: Int32 = -1) -> (commands: [RelayCommand]?, network: Bool) {
      if Self.out.state == .stuck {
        let megabytes = Self.out.limit >> 20
        let sentence = "trivia read none of the last \(megabytes) MiB trivia-night said: it is taken to be stuck."
        Self.out.end(with: RelayLines.encode(.failed(sentence)), within: .seconds(1))
        return (nil, false)
      }
      var waits = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: network, events: Int16(POLLIN), revents: 0),
      ]
      if let out = Self.out.waiting { waits.append(out) }
      guard poll(&waits, nfds_t(waits.count), timeout) > 0 else { return ([], false) }
      if waits.count > 2, waits[2].revents != 0 { Self.out.flush() }
      var commands: [RelayCommand] = []
      if waits[0].revents != 0 {
        let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN) { return (nil, waits[1].revents != 0) }
        if got > 0 { buffer += chunk.prefix(got) }
        commands = RelayLines.commands(&buffer)
      }
      return (commands, waits[1].revents != 0)
    }
  }
#endif
