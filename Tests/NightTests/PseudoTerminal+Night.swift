#if Night
  import ProcessSpawn

  extension PseudoTerminal {
    /// `trivia` with `arguments` in `sandbox`, on a terminal wide enough for a night's screens.
    convenience init(_ arguments: [String], in sandbox: Sandbox) throws {
      try self.init(Binary.trivia, arguments: arguments, environment: sandbox.environment, rows: 40, columns: 100)
    }

    /// The address of the `Join:` line for loopback.
    func joinURL() async throws -> String {
      try await waitFor("Join: http://127.0.0.1:")
      try await waitFor("\n")
      for line in text.split(separator: "\n") {
        guard let join = line.firstRange(of: "Join: http://127.0.0.1:") else { continue }
        return String(line[line.index(join.lowerBound, offsetBy: 6)...].prefix { !$0.isWhitespace })
      }
      throw NightTests.Failure("no Join: line in \(text.debugDescription)")
    }

    /// The big screen's address, as the lobby printed it (its key after `#`).
    func screenURL() throws -> String {
      for line in text.split(separator: "\n") {
        guard let screen = line.firstRange(of: "Screen: http://127.0.0.1:") else { continue }
        return String(line[line.index(screen.lowerBound, offsetBy: 8)...].prefix { !$0.isWhitespace })
      }
      throw NightTests.Failure("no Screen: line in \(text.debugDescription)")
    }
  }
#endif
