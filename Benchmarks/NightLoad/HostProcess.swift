#if Night
  import Glibc
  import NightKit
  import Synchronization

  /// A release `trivia host` on a pseudo-terminal of its own: there its clock is real (under
  /// `--script` it would be virtual) and it reads commands as typed. A thread drains what it
  /// prints, so the host never blocks on its screen, and notes when its reveal shows.
  final class HostProcess: Sendable {
    let pid: pid_t
    private let master: Int32
    private let screen = Mutex(Screen())

    private struct Screen {
      var text: [UInt8] = []
      /// Each time "Question N of M: the answers" (the host's bars) was drawn, in order.
      var reveals: [ContinuousClock.Instant] = []
      var scanned = 0
      var ended = false
      var stopped = false
    }

    /// The reveal screen's title, the host's bars: "Question 2 of 3: the answers".
    private static let revealMarker = Array(": the answers".utf8)

    init(binary: String, arguments: [String], home: String) throws {
      // posix_openpt, as Linux does it (Swift's Glibc module does not declare that one either).
      let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0, Terminal.grantpt(master) == 0, Terminal.unlockpt(master) == 0,
        let name = Terminal.ptsname(master)
      else {
        throw LoadFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
      }
      let terminal = String(cString: name)
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      // Opened after setsid, so it becomes the host's controlling terminal.
      for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
        posix_spawn_file_actions_addopen(&actions, descriptor, terminal, O_RDWR, 0)
      }
      posix_spawn_file_actions_addclose(&actions, master)
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // POSIX_SPAWN_SETSID, which Swift's Glibc module does not declare (it wants _GNU_SOURCE).
      posix_spawnattr_setflags(&attributes, 0x80)
      let environment = [
        "HOME=\(home)", "XDG_STATE_HOME=\(home)/state", "XDG_DATA_HOME=\(home)/data",
        "XDG_CONFIG_HOME=\(home)/config", "XDG_CACHE_HOME=\(home)/cache", "TERM=xterm", "LANG=C.UTF-8",
        "PATH=/usr/bin:/bin",
      ]
      let argv = ([binary] + arguments).map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
      }
      var pid: pid_t = 0
      let status = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
      guard status == 0 else {
        close(master)
        throw LoadFailure("cannot start \(binary): \(String(cString: strerror(status)))")
      }
      self.pid = pid
      self.master = master
      OwnThread.start { [self] in drainScreen() }
    }

    /// Types a line, as the host would.
    func type(_ line: String) {
      let bytes = Array((line + "\r").utf8)
      _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// When the host's bars were first drawn after `instant`, if they were.
    func reveal(after instant: ContinuousClock.Instant) -> ContinuousClock.Instant? {
      screen.withLock { $0.reveals.first { $0 > instant } }
    }

    var hasEnded: Bool { screen.withLock { $0.ended } }

    /// The first `Join: http://127.0.0.1:PORT/CODE` line, waited for at most `within`.
    func joinURL(within: Duration) async throws -> String {
      let until = ContinuousClock.now + within
      while ContinuousClock.now < until {
        let text = screen.withLock { String(decoding: $0.text, as: UTF8.self) }
        if let start = text.firstRange(of: "Join: http://127.0.0.1:") {
          let rest = text[start.lowerBound...].dropFirst("Join: ".count)
          let url = rest.prefix { !$0.isWhitespace && $0 != "\u{1B}" }
          // The line is whole once something follows it.
          if url.endIndex < rest.endIndex { return String(url) }
        }
        if hasEnded { throw LoadFailure("the host ended before listening: \(text.suffix(400))") }
        try await Task.sleep(for: .milliseconds(20))
      }
      let text = screen.withLock { String(decoding: $0.text.suffix(600), as: UTF8.self) }
      throw LoadFailure("no Join line from the host within \(within): \(text)")
    }

    /// The big screen's key, after `/screen#` in the lobby's Screen line (printed with the Join
    /// line, so looked for once that is).
    func screenKey() throws -> String {
      let text = screen.withLock { String(decoding: $0.text, as: UTF8.self) }
      guard let start = text.firstRange(of: "/screen#") else { throw LoadFailure("no Screen line: \(tail())") }
      return String(text[start.upperBound...].prefix(NightScreenKey.length))
    }

    /// The last `count` bytes the host printed, for a failure's message.
    func tail(_ count: Int = 600) -> String {
      screen.withLock { String(decoding: $0.text.suffix(count), as: UTF8.self) }
    }

    /// Ends the host and its `trivia-night` (which hears its pipe close), then reaps it; once.
    func stop() {
      guard
        screen.withLock({ screen in
          defer { screen.stopped = true }
          return !screen.stopped
        })
      else { return }
      Terminate.child(pid, grace: .seconds(2))
    }

    private func drainScreen() {
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let got = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { break }
        let now = ContinuousClock.now
        screen.withLock { screen in
          screen.text += chunk.prefix(got)
          // Kept short: only the Join line and the reveal's title are looked for.
          let marker = Self.revealMarker
          var index = max(0, screen.scanned - marker.count)
          while index + marker.count <= screen.text.count {
            if screen.text[index] == marker[0], Array(screen.text[index..<index + marker.count]) == marker {
              screen.reveals.append(now)
              screen.text.removeFirst(index + marker.count)
              index = 0
              continue
            }
            index += 1
          }
          screen.scanned = screen.text.count
          if screen.text.count > 1 << 20 {
            screen.text.removeFirst(screen.text.count - 4096)
            screen.scanned = screen.text.count
          }
        }
      }
      screen.withLock { $0.ended = true }
      close(master)
    }
  }

  /// grantpt, unlockpt and ptsname, which Swift's Glibc module does not declare (they want
  /// _XOPEN_SOURCE): looked up in the C library already loaded.
  private enum Terminal {
    typealias Call = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static let grantpt = function("grantpt", as: Call.self)
    static let unlockpt = function("unlockpt", as: Call.self)
    static let ptsname = function("ptsname", as: Name.self)

    private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { fatalError("no \(name) in libc") }
      return unsafeBitCast(symbol, to: type)
    }
  }
#endif
