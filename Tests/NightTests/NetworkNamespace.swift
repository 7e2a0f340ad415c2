#if Night
  import Glibc
  import ProcessSpawn

  /// Two network namespaces joined by a veth pair, as two machines on one cable: the host's
  /// side at 10.X.Y.1, the players' at 10.X.Y.2, X and Y random so runs at once do not meet.
  struct NetworkNamespace {
    let hostSide: String
    let playerSide: String
    let hostAddress: String

    /// Whether this machine lets the tests make namespaces: tried once, with one made and removed.
    static let available: Bool = {
      guard let ip, geteuid() == 0 else { return false }
      let probe = "night-probe-\(getpid())"
      guard run([ip, "netns", "add", probe]) == 0 else { return false }
      return run([ip, "netns", "del", probe]) == 0
    }()

    static let ip = (["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"] as [String]).first { access($0, X_OK) == 0 }

    static func pair() throws -> NetworkNamespace {
      guard let ip else { throw Failure("no ip command") }
      let tag = "\(getpid() % 10_000)\(Int.random(in: 0..<1000))"
      let (x, y) = (Int.random(in: 1...254), Int.random(in: 1...254))
      let pair = NetworkNamespace(hostSide: "night-h\(tag)", playerSide: "night-p\(tag)", hostAddress: "10.\(x).\(y).1")
      let steps = [
        ["netns", "add", pair.hostSide],
        ["netns", "add", pair.playerSide],
        [
          "link", "add", "nh\(tag)", "netns", pair.hostSide, "type", "veth", "peer", "name", "np\(tag)", "netns",
          pair.playerSide,
        ],
        ["-n", pair.hostSide, "addr", "add", "\(pair.hostAddress)/24", "dev", "nh\(tag)"],
        ["-n", pair.playerSide, "addr", "add", "10.\(x).\(y).2/24", "dev", "np\(tag)"],
        ["-n", pair.hostSide, "link", "set", "nh\(tag)", "up"],
        ["-n", pair.playerSide, "link", "set", "np\(tag)", "up"],
        ["-n", pair.hostSide, "link", "set", "lo", "up"],
        ["-n", pair.playerSide, "link", "set", "lo", "up"],
      ]
      for step in steps where run([ip] + step) != 0 {
        pair.remove()
        throw Failure("ip \(step.joined(separator: " ")) failed")
      }
      return pair
    }

    /// What to put in front of a command to run it in `namespace`.
    func exec(in namespace: String) -> [String] {
      [Self.ip ?? "ip", "netns", "exec", namespace]
    }

    /// Removes both namespaces; the veth pair goes with them.
    func remove() {
      guard let ip = Self.ip else { return }
      _ = Self.run([ip, "netns", "del", hostSide])
      _ = Self.run([ip, "netns", "del", playerSide])
    }

    /// Runs a command to its end, quietly; its exit status.
    private static func run(_ command: [String]) -> Int32 {
      guard
        let pid = try? Spawn.start(
          command[0], arguments: Array(command.dropFirst()), environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
          arrange: {
            posix_spawn_file_actions_addopen(&$0, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&$0, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&$0, 2, "/dev/null", O_WRONLY, 0)
          })
      else { return -1 }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      return Spawn.shellStatus(status)
    }
  }
#endif
