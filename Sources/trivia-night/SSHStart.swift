#if Night
  import FoundationEssentials
  import Glibc
  import NightRelay
  import NightSSH
  import TriviaNight

  /// `serve --ssh-port`: the night's SSH door beside its web one (#39), whose players are
  /// `trivia join` run here against the night's own port.
  struct SSHStart {
    var port: Int
    var maxPlayers: Int
    /// `trivia`, when `trivia host` names it; else the one beside this program, or on the PATH.
    var program: String?

    /// Opens the door, or says why not (`.failed`, which ends the night as a port in use does:
    /// the host asked for the door, and players would be told a line that leads nowhere) and
    /// returns nil.
    @MainActor func open(server: NightServer, code: String, bind: String?, addresses: [String]) async -> SSHDoor? {
      let environment = ProcessInfo.processInfo.environment
      guard let program = program ?? Self.besideThisProgram("trivia") else {
        Relay.say(.failed("cannot open the SSH door: trivia is not beside trivia-night; give it with --player."))
        return nil
      }
      let here = bind.flatMap { ["0.0.0.0", "::"].contains($0) ? nil : $0 } ?? "127.0.0.1"
      let folder: String
      do throws(SSHFailure) {
        folder = try Self.runtimeFolder(environment: environment) + "/ssh/\(code)-\(server.port)"
      } catch {
        Relay.say(.failed("cannot open the SSH door: \(error.description)"))
        return nil
      }
      let directory = String(program[..<(program.lastIndex(of: "/") ?? program.startIndex)])
      let plan = SSHPlayerPlan(
        program: program, nightURL: JoinURL.text(address: here, port: server.port, code: code),
        webURL: JoinURL.text(address: addresses.first ?? here, port: server.port, code: code), folder: folder,
        path: (directory.isEmpty ? "" : directory + ":") + "/usr/local/bin:/usr/bin:/bin", maxPlayers: maxPlayers,
        checkCode: { given, address in await server.checkCode(given, from: address) })
      do throws(SSHFailure) {
        let key = try SSHHostKey.loadOrMake(at: SSHHostKey.standardPath(environment: environment))
        let door = try await SSHDoor.open(plan: plan, hostKey: key, host: bind ?? "0.0.0.0", port: port)
        Relay.say(.sshListening(port: door.port, fingerprint: key.fingerprint))
        server.show(ssh: "ssh -p \(door.port) \(code)@\(addresses.first ?? here) · key \(key.fingerprint)")
        return door
      } catch {
        Relay.say(.failed("cannot open the SSH door: \(error.description)"))
        return nil
      }
    }

    /// The host's runtime folder, as the game's link socket finds it: `$XDG_RUNTIME_DIR/trivia`,
    /// else `/tmp/trivia-UID`, which must be this user's own and no one else's.
    static func runtimeFolder(environment: [String: String]) throws(SSHFailure) -> String {
      if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/trivia" }
      let folder = "/tmp/trivia-\(getuid())"
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw SSHFailure("cannot make \(folder): \(String(cString: strerror(errno)))")
      }
      var info = stat()
      guard lstat(folder, &info) == 0, info.st_mode & 0o170_000 == 0o040_000, info.st_uid == getuid(),
        info.st_mode & 0o077 == 0
      else { throw SSHFailure("\(folder) is not a folder of this user's alone: remove it or set XDG_RUNTIME_DIR") }
      return folder
    }

    /// `name` beside this program (as built, or installed), else on the PATH.
    static func besideThisProgram(_ name: String) -> String? {
      var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink("/proc/self/exe", &path, path.count - 1)
      if length > 0 {
        let own = String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let beside = String(own.prefix(upTo: own.lastIndex(of: "/") ?? own.startIndex)) + "/" + name
        if access(beside, X_OK) == 0 { return beside }
      }
      let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin").split(separator: ":")
      return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
  }
#endif
