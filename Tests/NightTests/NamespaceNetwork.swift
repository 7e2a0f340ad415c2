#if Night
  import Glibc
  import ProcessSpawn

  /// Several network namespaces on one Linux bridge, as machines on one switch: each named
  /// machine at 10.X.Y.k (k from 2, in the order given), X and Y random, and the bridge in a
  /// namespace of its own, so that nothing changes in the machine's own namespace. Names are
  /// random too: runs at once never meet. `remove` ends what still runs in them and removes
  /// them all; a test calls it in a `defer`, so that it happens on a failure too.
  final class NamespaceNetwork: Sendable {
    /// The machines' names, in order, as the test knows them.
    let names: [String]
    /// Each machine's namespace, by name.
    let namespaces: [String: String]
    /// Each machine's address, by name.
    let addresses: [String: String]
    /// The namespace that holds the bridge.
    let switchNamespace: String

    /// Makes the namespaces, the bridge and a cable (a veth pair) from each to the bridge;
    /// removes whatever it made if a step fails.
    init(_ names: [String]) throws {
      guard let ip = NetworkNamespace.ip else { throw Failure("no ip command") }
      let tag = "\(getpid() % 10_000)\(Int.random(in: 0..<10_000))"
      let (x, y) = (Int.random(in: 1...254), Int.random(in: 1...254))
      self.names = names
      switchNamespace = "night-s\(tag)"
      var namespaces: [String: String] = [:]
      var addresses: [String: String] = [:]
      for (index, name) in names.enumerated() {
        namespaces[name] = "night-\(tag)-\(name)"
        addresses[name] = "10.\(x).\(y).\(index + 2)"
      }
      self.namespaces = namespaces
      self.addresses = addresses
      var steps = [
        ["netns", "add", switchNamespace],
        ["-n", switchNamespace, "link", "add", "br0", "type", "bridge"],
        ["-n", switchNamespace, "link", "set", "br0", "up"],
      ]
      for (index, name) in names.enumerated() {
        let namespace = namespaces[name]!
        steps += [
          ["netns", "add", namespace],
          ["-n", namespace, "link", "set", "lo", "up"],
          // The cable: one end on the bridge, the other the machine's eth0.
          [
            "-n", switchNamespace, "link", "add", "p\(index)", "type", "veth", "peer", "name", "eth0", "netns",
            namespace,
          ],
          ["-n", switchNamespace, "link", "set", "p\(index)", "master", "br0"],
          ["-n", switchNamespace, "link", "set", "p\(index)", "up"],
          ["-n", namespace, "addr", "add", "\(addresses[name]!)/24", "dev", "eth0"],
          ["-n", namespace, "link", "set", "eth0", "up"],
        ]
      }
      for step in steps where Self.run([ip] + step) != 0 {
        remove()
        throw Failure("ip \(step.joined(separator: " ")) failed")
      }
    }

    /// The address of machine `name`.
    func address(_ name: String) -> String { addresses[name] ?? "?" }

    /// What to put in front of a command to run it on machine `name`.
    func exec(in name: String) -> [String] {
      [NetworkNamespace.ip ?? "ip", "netns", "exec", namespaces[name] ?? name]
    }

    /// Ends, by SIGKILL, every process still in a machine's namespace, then removes the
    /// namespaces (their cables and the bridge go with them). Safe to call more than once.
    func remove() {
      guard let ip = NetworkNamespace.ip else { return }
      for namespace in names.compactMap({ namespaces[$0] }) + [switchNamespace] {
        for pid in Self.pids(in: namespace) where pid > 1 && pid != getpid() { kill(pid, SIGKILL) }
        _ = Self.run([ip, "netns", "del", namespace])
      }
    }

    /// The processes in `namespace`, as `ip netns pids` lists them.
    static func pids(in namespace: String) -> [pid_t] {
      guard let ip = NetworkNamespace.ip,
        let finished = try? Child.run(ip, arguments: ["netns", "pids", namespace], timeout: .seconds(10))
      else { return [] }
      return finished.outputText.split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Runs a command to its end, quietly, within 30 s; its exit status.
    @discardableResult
    static func run(_ command: [String]) -> Int32 {
      guard
        let finished = try? Child.run(
          command[0], arguments: Array(command.dropFirst()), environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
          timeout: .seconds(30))
      else { return -1 }
      return finished.status
    }
  }
#endif
