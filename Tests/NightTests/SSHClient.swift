#if Night
  import Foundation
  import Glibc
  import ProcessSpawn

  /// Debian's stock OpenSSH client against a night's SSH door (#39), on loopback: a key of its
  /// own made by ssh-keygen in the sandbox, the host key taken on first sight and kept nowhere.
  struct SSHClient {
    let sandbox: Sandbox
    let port: Int
    let key: String

    /// `ssh`, `sftp` and `ssh-keygen`, when installed (`make test-tools` installs them).
    static var available: Bool {
      ["ssh", "sftp", "ssh-keygen", "ssh-keyscan"].allSatisfy { access("/usr/bin/\($0)", X_OK) == 0 }
    }

    /// The door on the host's `SSH:` line, which it has shown, and a new ed25519 key for this client.
    init(_ sandbox: Sandbox, host: PseudoTerminal) throws {
      self.sandbox = sandbox
      let line = host.text.plainText.split(separator: "\n").first { $0.contains("SSH: ssh -p ") } ?? ""
      let words = line.split(separator: " ")
      guard let flag = words.firstIndex(of: "-p"), flag + 1 < words.count, let port = Int(words[flag + 1]) else {
        throw Failure("no SSH: line in \(host.text.debugDescription)")
      }
      self.port = port
      key = sandbox.root + "/id_ed25519"
      let keygen = try PseudoTerminal(
        "/usr/bin/ssh-keygen", arguments: ["-q", "-t", "ed25519", "-N", "", "-f", key], environment: sandbox.environment
      )
      guard keygen.waitForExit(timeout: .seconds(10)) == .status(0) else { throw Failure("ssh-keygen: \(keygen.text)") }
    }

    /// The options every run shares: loopback, this key only, no known_hosts, nothing asked.
    func options(key: String? = nil) -> [String] {
      [
        "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
        "-o", "IdentitiesOnly=yes", "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=5", "-i", key ?? self.key,
        "-F", "/dev/null",
      ]
    }

    /// `ssh -tt -p PORT USER@127.0.0.1 COMMAND…` on a terminal of `rows` by `columns`.
    func ssh(_ user: String, _ extra: [String] = [], rows: UInt16 = 40, columns: UInt16 = 100) throws -> PseudoTerminal
    {
      try PseudoTerminal(
        "/usr/bin/ssh", arguments: ["-tt", "-p", String(port)] + options() + ["\(user)@127.0.0.1"] + extra,
        environment: sandbox.environment, rows: rows, columns: columns)
    }

    /// Runs `program` (ssh or sftp) with `arguments` to its end, at most `timeout`.
    func run(_ program: String, _ arguments: [String], timeout: Duration = .seconds(20)) throws -> (
      PseudoTerminal.Exit?, String
    ) {
      let client = try PseudoTerminal(
        "/usr/bin/" + program, arguments: arguments, environment: sandbox.environment, rows: 40, columns: 100)
      let exit = client.waitForExit(timeout: timeout)
      return (exit, client.text)
    }
  }

  extension PseudoTerminal {
    /// Waits until `needle` shows on the terminal, its colours and cursor moves aside (a session's
    /// player has a terminal of its own, so it draws in colour).
    func waitForPlain(_ needle: String, timeout: Duration = .seconds(30)) async throws {
      let deadline = ContinuousClock.now + timeout
      while !text.plainText.contains(needle) {
        guard ContinuousClock.now < deadline else {
          throw NightTests.Failure("expected \(needle.debugDescription); got \(text.plainText.debugDescription)")
        }
        try await Task.sleep(for: .milliseconds(20))
      }
    }
  }

  extension String {
    /// What a terminal shows, without its escape sequences (colours, cursor moves) or CRs.
    var plainText: String {
      var out = ""
      var iterator = unicodeScalars.makeIterator()
      while let scalar = iterator.next() {
        if scalar == "\u{1B}" {
          guard let next = iterator.next() else { break }
          if next == "[" {
            while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
          }
          continue
        }
        if scalar != "\r" { out.unicodeScalars.append(scalar) }
      }
      return out
    }
  }
#endif
