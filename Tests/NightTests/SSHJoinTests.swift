#if Night
  import Foundation
  import Glibc
  import LoopbackSocket
  import ProcessSpawn
  import Testing

  /// `trivia host --ssh` (#39): Debian's OpenSSH client joins a night with nothing installed, as
  /// the terminal player `trivia join` is, and gets nothing else from the door.
  @Suite(.enabled(if: SSHClient.available, "needs openssh-client (make test-tools)"))
  struct SSHJoinTests {
    static func host(_ sandbox: Sandbox, _ options: [String]) async throws -> (PseudoTerminal, String, String) {
      let (host, url) = try await WireTests.liveHost(sandbox, ["--ssh", "0"] + options)
      let code = String(url.split(separator: "/").last ?? "")
      try await host.waitFor("Key: SHA256:")
      try await host.waitFor("\n")
      return (host, url, code)
    }

    /// A whole night over SSH: the name prompt, a question answered by typing, a resize that
    /// reaches the player's terminal, a drop and the same key back as the same player, and the
    /// final table the host's.
    @Test(.timeLimit(.minutes(2))) func anSSHPlayerPlaysAWholeNightAndComesBackByItsKey() async throws {
      let sandbox = try Sandbox()
      // With --seed 3 the first question's right choice is the second.
      let (host, url, code) = try await Self.host(sandbox, ["--time", "60", "--start-when", "2", "--count", "2"])
      let client = try SSHClient(sandbox, host: host)
      // The fingerprint the lobby shows is the key the client was given.
      let shown = try #require(host.text.plainText.split(separator: "\n").first { $0.contains("Key: SHA256:") })
      let fingerprint = String(shown[try #require(shown.firstRange(of: "SHA256:")).lowerBound...]).trimmingSpaces
      let (_, scanned) = try client.run("ssh-keyscan", ["-p", String(client.port), "-t", "ed25519", "127.0.0.1"])
      let keyLine = try #require(scanned.plainText.split(separator: "\n").first { $0.contains(" ssh-ed25519 ") })
      let (_, listed) = try client.run("ssh-keygen", ["-l", "-f", try sandbox.write("host.pub", keyLine + "\n")])
      #expect(listed.contains(fingerprint + " "), "\(listed) vs \(fingerprint)")
      // Once the lobby has scrolled away, `help` tells the host what to read out.
      try host.type("help")
      _ = try await host.waitFor("Players join with:")
      _ = try await host.waitFor(fingerprint)
      let note = String(host.text.plainText.split(separator: "Players join with:").last ?? "")
      #expect(note.contains("SSH: ssh -p \(client.port) \(code)@"), "\(note)")
      #expect(note.contains("Join: " + url), "\(note)")

      let tara = try client.ssh(code.lowercased())
      try await tara.waitForPlain("Your name in the night", timeout: .seconds(20))
      try await Task.sleep(for: .milliseconds(300))
      try tara.type("Tara")
      _ = try await host.waitFor("Tara joined")
      try await tara.waitForPlain("You are in as Tara")

      // A resize reaches the player's own terminal.
      try tara.resize(rows: 30, columns: 90)
      let player = try #require(Self.player(of: host.pid))
      let resized = try await Self.eventually { Self.size(of: player) == [30, 90] }
      #expect(resized, "the player's terminal is \(Self.size(of: player))")

      let (ann, _) = try await WirePlayer.join(url, name: "Ann")
      _ = try await ann.receive { $0.isQuestion }
      ann.send(.answer(question: 1, choice: 0))
      try await tara.waitForPlain("Question 1 of 2")
      try await Task.sleep(for: .milliseconds(300))
      try tara.type("2")
      _ = try await host.waitFor("Question 1 of 2: the answers")
      try await tara.waitForPlain("Correct!")

      // The laptop closes: the player goes with the session, and its place stays.
      kill(tara.pid, SIGKILL)
      _ = try await host.waitFor("Tara left", timeout: .seconds(20))
      let gone = try await Self.eventually { kill(player, 0) != 0 }
      #expect(gone, "the player \(player) outlived its session")

      let again = try client.ssh(code)
      _ = try await host.waitFor("Tara is back", timeout: .seconds(20))
      try await again.waitForPlain("as Tara", timeout: .seconds(20))
      try host.type("next")
      try await again.waitForPlain("Standings after question 1 of 2")
      try host.type("end")
      _ = try await host.waitFor("End the night for")
      try host.type("y")
      _ = try await host.waitFor("final standings")
      try await again.waitForPlain("Type done to leave", timeout: .seconds(20))
      // The night over, the session ends with it: no game of its own on the host's machine.
      try again.type("done")
      #expect(again.waitForExit(timeout: .seconds(20)) == .status(0), "\(again.text.plainText)")
      #expect(!again.text.contains("Your name in the night"), "\(again.text.plainText)")
      #expect(!again.text.contains("Test what you know"), "the landing, after the night: \(again.text.plainText)")
      let table = Self.everyone(again.text)
      #expect(table == Self.everyone(host.text), "\(again.text.plainText)\n---\n\(host.text.plainText)")
      #expect(table.contains { $0.contains("Tara") && $0.last != "0" }, "\(table)")
      // The host leaves: the door closes, and the players' state folders go with it.
      let folders = sandbox.root + "/runtime/trivia/ssh"
      #expect(!((try? FileManager.default.contentsOfDirectory(atPath: folders)) ?? []).isEmpty)
      try host.type("done")
      let removed = try await Self.eventually {
        ((try? FileManager.default.contentsOfDirectory(atPath: folders)) ?? []).isEmpty
      }
      #expect(removed, "\((try? FileManager.default.contentsOfDirectory(atPath: folders)) ?? [])")
      withExtendedLifetime(ann) {}
    }

    /// A wrong code is told so and closed, and counted as the page's guesses are: past five in a
    /// minute, each answer waits.
    @Test(.timeLimit(.minutes(2))) func aWrongCodeIsToldSoAndCounted() async throws {
      let sandbox = try Sandbox()
      let (host, _, _) = try await Self.host(sandbox, ["--start-when", "9"])
      let client = try SSHClient(sandbox, host: host)
      var last: Duration = .zero
      for _ in 1...6 {
        let start = ContinuousClock.now
        let (exit, output) = try client.run(
          "ssh", ["-tt", "-p", String(client.port)] + client.options() + ["NOTTHECODE@127.0.0.1"])
        last = ContinuousClock.now - start
        #expect(exit == .status(1), "\(output)")
        #expect(output.contains("There is no trivia night here: check the code you were given."), "\(output)")
      }
      #expect(last >= .seconds(1), "the sixth wrong code was answered in \(last)")
      #expect(!host.text.contains("joined"))
    }

    /// Nothing but a terminal player: no command, no SFTP, no forwarding either way.
    @Test(.timeLimit(.minutes(2))) func execSFTPAndForwardingAreRefused() async throws {
      let sandbox = try Sandbox()
      let (host, url, code) = try await Self.host(sandbox, ["--start-when", "9"])
      let client = try SSHClient(sandbox, host: host)
      let port = String(client.port)
      let target = "127.0.0.1:\(try WireTests.port(of: url))"

      let (exec, execOutput) = try client.run("ssh", ["-p", port] + client.options() + ["\(code)@127.0.0.1", "id"])
      #expect(exec != .status(0), "\(execOutput)")
      #expect(!execOutput.contains("uid="), "\(execOutput)")

      let (sftp, sftpOutput) = try client.run(
        "sftp", ["-P", port, "-b", "/dev/null"] + client.options() + ["\(code)@127.0.0.1"])
      #expect(sftp != .status(0), "\(sftpOutput)")

      let (local, localOutput) = try client.run(
        "ssh", ["-p", port, "-W", target] + client.options() + ["\(code)@127.0.0.1"])
      #expect(local != .status(0), "\(localOutput)")
      #expect(localOutput.contains("forwarding failed"), "\(localOutput)")

      let (remote, remoteOutput) = try client.run(
        "ssh",
        ["-N", "-p", port, "-o", "ExitOnForwardFailure=yes", "-R", "0:\(target)"] + client.options()
          + ["\(code)@127.0.0.1"])
      #expect(remote != .status(0), "\(remoteOutput)")
      #expect(!host.text.contains("joined"))
    }

    /// No key, no password: a client without a key is asked for one and Enter lets it in, as a
    /// guest. Past `--ssh-players` a session is told the door is full, and where else to join.
    @Test(.timeLimit(.minutes(2))) func aGuestPressesEnterAndTheDoorHasACap() async throws {
      let sandbox = try Sandbox()
      let (host, url, code) = try await Self.host(sandbox, ["--start-when", "9", "--ssh-players", "1"])
      let client = try SSHClient(sandbox, host: host)
      let guest = try PseudoTerminal(
        "/usr/bin/ssh",
        arguments: ["-tt", "-p", String(client.port)] + client.options()
          + ["-o", "PubkeyAuthentication=no", "\(code)@127.0.0.1"],
        environment: sandbox.environment, rows: 40, columns: 100)
      try await guest.waitForPlain("password:", timeout: .seconds(20))
      try guest.send("\r")
      try await guest.waitForPlain("Your name in the night", timeout: .seconds(20))

      let (full, output) = try client.run(
        "ssh", ["-tt", "-p", String(client.port)] + client.options() + ["\(code)@127.0.0.1"])
      #expect(full == .status(1), "\(output)")
      #expect(output.contains("The night's SSH door is full (1 player): join from a browser at \(url)"), "\(output)")
      try guest.type("Gus")
      _ = try await host.waitFor("Gus joined")
    }

    /// Idle connections (no session, as a script that opens sockets and says nothing) from one
    /// address: past 16 of them its new ones are closed at once, while the door goes on answering
    /// every other address. A burst is let in whole: none of it was idle when it came.
    @Test(.timeLimit(.minutes(2))) func oneAddressCannotHoldTheDoorWithIdleConnections() async throws {
      let sandbox = try Sandbox()
      let (host, _, _) = try await Self.host(sandbox, ["--start-when", "9"])
      let client = try SSHClient(sandbox, host: host)
      let idle = try (1...20).map { _ in try RawSocket(port: client.port) }
      for socket in idle {
        let (banner, ended) = await socket.readBytes { $0.contains(UInt8(ascii: "\n")) }
        #expect(!ended && String(decoding: banner, as: UTF8.self).hasPrefix("SSH-2.0-"))
      }
      try await Task.sleep(for: .seconds(11))
      let refused = try RawSocket(port: client.port)
      let (said, ended) = await refused.readBytes(within: .seconds(5))
      #expect(ended && said.isEmpty, "a 21st connection from 127.0.0.1 was answered: \(said)")
      let elsewhere = try RawSocket(port: client.port, from: "127.0.0.2")
      let (banner, closed) = await elsewhere.readBytes { $0.contains(UInt8(ascii: "\n")) }
      #expect(!closed && String(decoding: banner, as: UTF8.self).hasPrefix("SSH-2.0-"))
      withExtendedLifetime(idle) {}
    }

    // MARK: Helpers

    /// The SSH session's player: `trivia join` under the host's trivia-night.
    static func player(of host: pid_t) -> pid_t? {
      ProcessTree.descendants(of: host).first { ProcessTree.arguments(of: $0).dropFirst().first == "join" }
    }

    /// The rows and columns of `pid`'s terminal, as the kernel keeps them.
    static func size(of pid: pid_t) -> [Int] {
      let descriptor = open("/proc/\(pid)/fd/0", O_RDONLY | O_NOCTTY | O_CLOEXEC)
      guard descriptor >= 0 else { return [] }
      defer { close(descriptor) }
      var size = winsize()
      guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 else { return [] }
      return [Int(size.ws_row), Int(size.ws_col)]
    }

    static func eventually(_ condition: () -> Bool) async throws -> Bool {
      for _ in 0..<500 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(20))
      }
      return condition()
    }

    /// The final table's rows ("Everyone"), each its words, as a terminal showed them.
    static func everyone(_ output: String) -> [[String]] {
      let plain = output.plainText
      guard let final = plain.range(of: "final standings", options: .backwards) else { return [] }
      let rest = plain[final.upperBound...]
      guard let everyone = rest.range(of: "Everyone\n") else { return [] }
      return rest[everyone.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.split(separator: " ").map(String.init) }
        .prefix { Int($0.first ?? "") != nil }
    }
  }
#endif
