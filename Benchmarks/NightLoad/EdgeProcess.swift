#if Night
  import Glibc
  import Synchronization

  /// A `trivia edge` of a night over several machines (#30), here on loopback: started by
  /// NightLoad in a session of its own, its standard error read by a thread for what it says
  /// ("Edge N of …: waiting for a night.", "Serving night CODE on port N."), stopped at the end.
  /// `trivia edge` runs `trivia-night edge` in its place (exec), so `pid` is the edge itself.
  final class EdgeProcess: Sendable {
    let pid: pid_t
    let port: Int
    private let output = Mutex(Output())

    private struct Output {
      var text = ""
      var ended = false
      var stopped = false
    }

    init(binary: String, postgres: String, port: Int, home: String) throws {
      var pipe: [Int32] = [0, 0]
      guard Glibc.pipe(&pipe) == 0 else { throw LoadFailure("pipe: \(String(cString: strerror(errno)))") }
      var actions = posix_spawn_file_actions_t()
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
      posix_spawn_file_actions_adddup2(&actions, pipe[1], STDERR_FILENO)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addclose(&actions, pipe[1])
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      defer { posix_spawnattr_destroy(&attributes) }
      // POSIX_SPAWN_SETSID, as HostProcess: no terminal's signals reach it.
      posix_spawnattr_setflags(&attributes, 0x80)
      let environment = ["HOME=\(home)", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
      let arguments = [binary, "edge", "--postgres", postgres, "--port", "\(port)", "--bind", "127.0.0.1"]
      let argv = arguments.map { strdup($0) } + [nil]
      let envp = environment.map { strdup($0) } + [nil]
      defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
      }
      var pid: pid_t = 0
      let status = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
      close(pipe[1])
      guard status == 0 else {
        close(pipe[0])
        throw LoadFailure("cannot start \(binary) edge: \(String(cString: strerror(status)))")
      }
      self.pid = pid
      self.port = port
      let reading = pipe[0]
      OwnThread.start { [self] in drain(reading) }
    }

    /// Everything it said.
    var said: String { output.withLock { $0.text } }

    /// Its number among the night's edges, once it said it.
    var edgeNumber: Int? {
      let text = said
      guard let start = text.firstRange(of: "trivia edge: Edge ") else { return nil }
      return Int(text[start.upperBound...].prefix { $0.isNumber })
    }

    /// Whether it said it serves the night `code`.
    func serves(_ code: String) -> Bool {
      said.contains("Serving night \(code) on port")
    }

    /// Waits until `done` holds of it, or it ended, or `within` passed.
    func wait(for what: String, within: Duration, _ done: (EdgeProcess) -> Bool) async throws {
      let until = ContinuousClock.now + within
      while !done(self) {
        if output.withLock({ $0.ended }) { throw LoadFailure("the edge on port \(port) ended: \(said.suffix(600))") }
        guard ContinuousClock.now < until else {
          throw LoadFailure("the edge on port \(port) did not \(what) within \(within): \(said.suffix(600))")
        }
        try await Task.sleep(for: .milliseconds(20))
      }
    }

    /// Ends it (its players' connections close), then reaps it; once.
    func stop() {
      guard
        output.withLock({ output in
          defer { output.stopped = true }
          return !output.stopped
        })
      else { return }
      Terminate.child(pid, grace: .seconds(3))
    }

    private func drain(_ descriptor: Int32) {
      var chunk = [UInt8](repeating: 0, count: 8192)
      while true {
        let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if got < 0, errno == EINTR { continue }
        guard got > 0 else { break }
        output.withLock { output in
          output.text += String(decoding: chunk.prefix(got), as: UTF8.self)
          if output.text.utf8.count > 1 << 20 { output.text = String(output.text.suffix(65_536)) }
        }
      }
      output.withLock { $0.ended = true }
      close(descriptor)
    }

    /// A port free on 127.0.0.1 now: the kernel's choice for port 0, released for the edge to
    /// take (another process could take it first: the edge then says it cannot listen).
    static func freePort() throws -> Int {
      let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard socket >= 0 else { throw LoadFailure("socket: \(String(cString: strerror(errno)))") }
      defer { close(socket) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
          bind(socket, raw, length) == 0 && getsockname(socket, raw, &length) == 0
        }
      }
      guard bound else { throw LoadFailure("bind: \(String(cString: strerror(errno)))") }
      return Int(UInt16(bigEndian: address.sin_port))
    }
  }
#endif
