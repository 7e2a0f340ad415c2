#if Cluster
  import Foundation
  import Glibc
  import NightKit
  import ProcessSpawn
  import Testing

  /// A night beyond one machine (#30), each machine a network namespace on one bridge:
  /// PostgreSQL on "db", the room (`trivia host --postgres`) on "room", two `trivia edge` on
  /// "edge1" and "edge2", HAProxy on "lb" in front of them, and the players on "players",
  /// joining the balancer's address. The night is ScriptedNightTests' (seed 7, the same
  /// answers), so its final table is known, and a fault must leave it as it was.
  @Suite(
    .serialized,
    .enabled(
      if: NetworkNamespace.available,
      "needs `ip netns` (root with CAP_SYS_ADMIN): the cluster's machines are network namespaces"))
  struct ClusterTests {
    /// Each player's answers, question by question: ScriptedNightTests' scripts.
    static let answers = ScriptedNightTests.scripts.map { $0.split(separator: "\n").map { Int($0)! } }

    /// Each player types its answer to `question`.
    static func answer(_ question: Int, _ players: [String: PseudoTerminal]) throws {
      for (index, name) in players.keys.sorted().enumerated() {
        try players[name]!.type("\(answers[index][question - 1])")
      }
    }

    /// `names`, dropped, are connected again, the host says each is back, and each has `question`.
    static func comeBack(
      _ names: [String], to question: Int, _ players: [String: PseudoTerminal], _ host: NightProcess
    ) async throws {
      for name in names {
        try await players[name]!.waitFor("Connected again.")
        try await host.waitFor("\(name) is back")
        try await players[name]!.waitForQuestion(question)
      }
    }

    /// The host ends, and it and every player show ScriptedNightTests' final table.
    static func expectTheKnownTable(_ host: NightProcess, _ players: [String: PseudoTerminal]) async throws {
      #expect(try await host.waitForExit() == 0, "\(host.text)")
      #expect(ScriptedNightTests.finalStandings(host.text) == ScriptedNightTests.expected, "\(host.text)")
      for (_, player) in players.sorted(by: { $0.key < $1.key }) {
        try await player.waitFor("Type done")
        #expect(player.finalStandings == ScriptedNightTests.expected, "\(player.plainText)")
      }
    }

    @Test func aNightOverTheClusterEndsWithTheTableOfTheSameNightOnOneHost() async throws {
      let oneHost = try await ScriptedNightTests.play(in: try Sandbox())
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let host = try cluster.startHost()
      let url = try await cluster.joinURL(host)
      try await cluster.waitForEdges(serving: url)
      var players: [NightProcess] = []
      for (number, script) in ScriptedNightTests.scripts.enumerated() {
        let name = "P\(number + 1)"
        players.append(
          try NightProcess(
            ["join", url, "--name", name, "--no-color", "--script", try cluster.sandbox.write("\(name).txt", script)],
            in: cluster.sandbox, launcher: cluster.launcher(on: "players")))
        try await host.waitFor("\(name) joined")
      }
      var tables: [String] = []
      for process in [host] + players {
        #expect(try await process.waitForExit() == 0, "\(process.text)")
        tables.append(ScriptedNightTests.finalStandings(process.text))
      }
      #expect(oneHost == Array(repeating: ScriptedNightTests.expected, count: 4), "one host: \(oneHost)")
      #expect(tables == oneHost, "over the cluster:\n\(tables.joined(separator: "\n\n"))")
      // PostgreSQL keeps the night where any machine can read it: every answer of the five
      // questions, a row a player, adding up to the final table; the night ended.
      #expect(try cluster.query("SELECT count(*) FROM trivia_answers") == "15")
      #expect(
        try cluster.query("SELECT name || ' ' || sum(points) FROM trivia_answers GROUP BY name ORDER BY name")
          == "P1 1000\nP2 5000\nP3 3000")
      #expect(try cluster.query("SELECT ended FROM trivia_nights") == "t")
    }

    @Test func playersOfAnEdgeKilledMidQuestionComeBackThroughTheBalancerWithTheirPlaces() async throws {
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let host = try cluster.startHost(["--time", "120"])
      let url = try await cluster.joinURL(host)
      try await cluster.waitForEdges(serving: url)
      // Who went to which edge: the edge whose count of connections went up at each join.
      var edgeOf: [String: String] = [:]
      var players: [String: PseudoTerminal] = [:]
      for number in 1...3 {
        let name = "P\(number)"
        let before = try cluster.connections()
        players[name] = try cluster.player(url, name: name)
        try await host.waitFor("\(name) joined")
        edgeOf[name] = try await cluster.edgeGaining(over: before)
      }
      let byEdge = Dictionary(grouping: edgeOf.keys.sorted()) { edgeOf[$0]! }
      // Both edges have players, or the kill would leave nobody on the question.
      try #require(byEdge.count == 2, "the balancer put every player on one edge: \(edgeOf)")
      let killed = byEdge.max { $0.value.count < $1.value.count }!.key
      let survivor = cluster.edgeNames.first { $0 != killed }!
      let moved = byEdge[killed]!
      for question in 1...5 {
        for name in players.keys.sorted() { try await players[name]!.waitForQuestion(question) }
        if question == 3 {
          // The survivor's players answer first: before #35 the room, hearing only them, took
          // the killed edge's players for gone and closed the question on them at once.
          let stayed = players.keys.sorted().filter { !moved.contains($0) }
          for name in stayed {
            let index = players.keys.sorted().firstIndex(of: name)!
            try players[name]!.type("\(Self.answers[index][question - 1])")
            try await players[name]!.waitFor("Answer in: waiting for the others")
          }
          let beforeKill = host.text.count
          cluster.kill(edge: killed)
          for name in moved {
            try await host.waitFor("\(name) left")
            try await players[name]!.waitFor("coming back…")
          }
          try await Self.comeBack(moved, to: question, players, host)
          let counts = try cluster.connections()
          #expect(counts[killed]?.up == false, "the killed edge is still in the pool: \(counts)")
          #expect(counts[survivor]?.sessions == 3, "not every player is on the survivor: \(counts)")
          let meanwhile = String(host.text.dropFirst(beforeKill))
          #expect(!meanwhile.contains("answered."), "question 3 closed while players were away: \(meanwhile)")
          for name in moved {
            let index = players.keys.sorted().firstIndex(of: name)!
            try players[name]!.type("\(Self.answers[index][question - 1])")
          }
          continue
        }
        try Self.answer(question, players)
      }
      try await Self.expectTheKnownTable(host, players)
      for (name, player) in players {
        // Only the killed edge's players lost their connection.
        #expect(player.text.contains("coming back…") == moved.contains(name), "\(name): \(player.plainText)")
      }
    }

    @Test func aRoomKilledMidNightAndStartedAgainResumesTheNightFromPostgreSQL() async throws {
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let options = ["--time", "120"]
      let first = try cluster.startHost(options, history: true)
      let url = try await cluster.joinURL(first)
      try await cluster.waitForEdges(serving: url)
      var players: [String: PseudoTerminal] = [:]
      for number in 1...3 {
        let name = "P\(number)"
        players[name] = try cluster.player(url, name: name)
        try await first.waitFor("\(name) joined")
      }
      var host = first
      for question in 1...5 {
        for name in players.keys.sorted() { try await players[name]!.waitForQuestion(question) }
        if question == 3 {
          // Nobody has answered the third question: the room goes, and another takes its place.
          let room = Cluster.descendants(of: cluster.program(of: first))
          cluster.kill(host: first)
          _ = try await first.waitForExit()
          // What the room ran (trivia-night room) ends with it.
          let lingering = await Cluster.survivors(room, within: .seconds(5))
          #expect(lingering.isEmpty, "still running after the room was killed: \(lingering)")
          for pid in lingering { kill(pid, SIGKILL) }
          host = try cluster.startHost(options, history: true)
          try await host.waitFor("resumed from PostgreSQL")
          let code = String(url.split(separator: "/").last!)
          #expect(host.text.contains("Night \(code) resumed from PostgreSQL"), "\(host.text)")
          for name in players.keys.sorted() { try await players[name]!.waitFor("coming back…") }
          try await Self.comeBack(players.keys.sorted(), to: question, players, host)
        }
        try Self.answer(question, players)
      }
      try await Self.expectTheKnownTable(host, players)
      // The resumed host's history has the whole night, from the room's own record: before
      // #35 it held the questions asked after the resume only (9 rows of 15).
      let csv = cluster.sandbox.root + "/night.csv"
      let export = try NightProcess(["nights", "export", "1", "--to", csv], in: cluster.sandbox)
      #expect(try await export.waitForExit() == 0, "\(export.text)")
      #expect(export.text.contains("15 rows (3 players, 5 questions)"), "\(export.text)")
    }

    @Test func postgreSQLUnreachableMidQuestionDropsThePlayersUntilItIsBackAndKeepsWhatWasScored() async throws {
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let host = try cluster.startHost(["--time", "120"])
      let url = try await cluster.joinURL(host)
      try await cluster.waitForEdges(serving: url)
      var players: [String: PseudoTerminal] = [:]
      for number in 1...3 {
        let name = "P\(number)"
        players[name] = try cluster.player(url, name: name)
        try await host.waitFor("\(name) joined")
      }
      for question in 1...5 {
        for name in players.keys.sorted() { try await players[name]!.waitForQuestion(question) }
        if question == 3 {
          // P1 and P2 answer the third question, P3 not yet: its server stops, and clients find
          // nothing at its address until it starts again. Before #35 the room, dropping its
          // players one by one, could find everyone still connected answered and close the
          // question on P3 (`2 of 2 answered.`).
          for name in ["P1", "P2"] {
            let index = players.keys.sorted().firstIndex(of: name)!
            try players[name]!.type("\(Self.answers[index][question - 1])")
            try await players[name]!.waitFor("Answer in: waiting for the others")
          }
          let beforePause = host.text.count
          try cluster.pausePostgres()
          try await host.waitFor("cannot be reached")
          #expect(host.text.contains("PostgreSQL at \(cluster.postgres) cannot be reached ("), "\(host.text)")
          #expect(
            host.text.contains("players cannot hear the night until it is back; what is scored is kept."),
            "\(host.text)")
          for (name, edge) in cluster.edges.sorted(by: { $0.key < $1.key }) {
            try await edge.waitFor("cannot be reached")
            #expect(edge.text.contains("its players are told"), "\(name): \(edge.text)")
          }
          // The edges close their players' connections; the room, hearing none of them, lets them go.
          for name in players.keys.sorted() {
            try await players[name]!.waitFor("coming back…")
            try await host.waitFor("\(name) left")
          }
          try await Task.sleep(for: .seconds(3))
          #expect(!host.text.contains("PostgreSQL is back"), "back while stopped: \(host.text)")
          try cluster.resumePostgres()
          try await host.waitFor("PostgreSQL is back")
          for (_, edge) in cluster.edges.sorted(by: { $0.key < $1.key }) {
            try await edge.waitFor("PostgreSQL is back")
          }
          try await Self.comeBack(players.keys.sorted(), to: question, players, host)
          let meanwhile = String(host.text.dropFirst(beforePause))
          #expect(!meanwhile.contains("answered."), "question 3 closed while players were away: \(meanwhile)")
          try players["P3"]!.type("\(Self.answers[2][question - 1])")
          continue
        }
        try Self.answer(question, players)
      }
      // Questions 1 and 2 were scored before the outage, P1's and P2's third answers held
      // through it: the table has them.
      try await Self.expectTheKnownTable(host, players)
    }

    /// FatNameTests' attack on a room (issue 35): 50 `trivia join` at once, each named by 4
    /// characters and 4 KiB, through the balancer and edges. At head the room (`trivia-night
    /// room`) and its host each blocked writing to the other, and the edges held the night
    /// open for a room that never moved again: Ann never joined, and SIGTERM did nothing.
    @Test func fiftyNamesOfFourKiBAreRefusedAndTheRoomGoesOn() async throws {
      let cluster = try Cluster()
      defer { cluster.stop() }
      try await cluster.start()
      let host = try cluster.startHost(["--start-when", "90"])
      let url = try await cluster.joinURL(host)
      try await cluster.waitForEdges(serving: url)
      let script = try cluster.sandbox.write("fat.txt", "")
      var fat: [NightProcess] = []
      for number in 1...50 {
        fat.append(
          try NightProcess(
            ["join", url, "--name", FatNameTests.fatName(number), "--no-color", "--script", script],
            in: cluster.sandbox, launcher: cluster.launcher(on: "players")))
      }
      for player in fat { try await player.waitFor(NameRefusal.tooManyBytes.description, timeout: .seconds(30)) }
      let ann = try cluster.player(url, name: "Ann")
      try await host.waitFor("Ann joined", timeout: .seconds(10))
      _ = try await ann.waitFor("You are in as Ann", timeout: .seconds(10))
      let asked = ContinuousClock.now
      Glibc.kill(cluster.program(of: host), SIGTERM)
      #expect(try await host.waitForExit(timeout: .seconds(5)) == 0, "\(host.text)")
      #expect(ContinuousClock.now - asked < .seconds(5))
      #expect(host.text.ranges(of: " joined").count == 1, "\(host.text)")
    }
  }

  /// The machines of a night over several: PostgreSQL, the balancer and the edges started by
  /// `start`, the room and the players by the test. `stop` ends them all and removes the
  /// namespaces; every process also has a `timeout`, and the servers a watchdog, should the
  /// test runner itself die.
  final class Cluster {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    static let edgePort = 7777
    static let balancerPort = 8080
    /// Seconds any process of the test may live: the suite takes two minutes.
    static let lifetime = "180"

    let machines: NamespaceNetwork
    let sandbox: Sandbox
    let edgeNames = ["edge1", "edge2"]
    private let folder: String
    private(set) var edges: [String: NightProcess] = [:]
    private(set) var postgres = ""
    private var started: [AnyObject] = []

    init() throws {
      machines = try NamespaceNetwork(["db", "room", "edge1", "edge2", "lb", "players"])
      sandbox = try Sandbox()
      // Not in the sandbox, which only root may enter: the postgres user keeps its data here.
      folder = "/tmp/trivia-cluster-\(getpid())-\(Int.random(in: 0..<1_000_000))"
    }

    var balancer: String { "\(machines.address("lb")):\(Self.balancerPort)" }

    /// PostgreSQL, the edges, then the balancer in front of them.
    func start() async throws {
      for script in ["postgres", "haproxy"] {
        // A namespace reaches no package registry: installed, if missing, from here.
        let installed = try Self.script(script, ["install"], timeout: .seconds(1200))
        guard installed.status == 0 else { throw Failure("\(script).sh install: \(installed.errorText)") }
      }
      let database = try Self.script(
        "postgres", ["start", folder + "-db"], on: machines.exec(in: "db"),
        environment: ["POSTGRES_LISTEN": machines.address("db"), "POSTGRES_LIFETIME": Self.lifetime])
      guard database.status == 0,
        let port = database.outputText.split(separator: "\n").first(where: { $0.hasPrefix("PGPORT=") })?.dropFirst(7)
      else { throw Failure("postgres.sh start: \(database.outputText)\(database.errorText)") }
      postgres = "postgres://postgres@\(machines.address("db")):\(port)/postgres"
      for name in edgeNames {
        edges[name] = try NightProcess(
          [
            "edge", "--postgres", postgres, "--port", "\(Self.edgePort)", "--bind", machines.address(name),
            "--balancer", machines.address("lb"),
          ], in: sandbox, launcher: launcher(on: name))
      }
      let balancing = try Self.script(
        "haproxy",
        ["start", folder + "-lb", balancer]
          + edgeNames.map { "\($0)=\(machines.address($0)):\(Self.edgePort)" }, on: machines.exec(in: "lb"),
        environment: ["HAPROXY_LIFETIME": Self.lifetime])
      guard balancing.status == 0 else { throw Failure("haproxy.sh start: \(balancing.errorText)") }
    }

    /// `ip netns exec` onto `machine`, under a `timeout` in case the test runner dies.
    func launcher(on machine: String) -> [String] {
      machines.exec(in: machine) + ["timeout", "-k", "5", Self.lifetime]
    }

    /// `trivia host` on "room", its night in PostgreSQL, players at the balancer: the night
    /// ScriptedNightTests plays, with `options` besides.
    /// `history`: the host keeps its nights in the sandbox's history, as a host does by default.
    func startHost(_ options: [String] = [], history: Bool = false) throws -> NightProcess {
      let host = try NightProcess(
        [
          "host", "--postgres", postgres, "--address", balancer, "--count", "5", "--seed", "7", "--start-when", "3",
          "--auto", "--no-color", "--script", try sandbox.write("host.txt", ""),
        ] + (history ? [] : ["--no-history"]) + options, in: sandbox, launcher: launcher(on: "room"))
      started.append(host)
      return host
    }

    /// A player at a terminal on "players", its own sandbox, typed to by the test.
    func player(_ url: String, name: String) throws -> PseudoTerminal {
      let home = try Sandbox()
      let player = try PseudoTerminal(
        launcher(on: "players")[0],
        arguments: Array(launcher(on: "players").dropFirst()) + [
          Binary.trivia, "join", url, "--name", name, "--no-color",
        ],
        environment: home.environment, rows: 40, columns: 100)
      started += [player, home]
      return player
    }

    /// The host's `Join:` address, the balancer's.
    func joinURL(_ host: NightProcess) async throws -> String {
      let prefix = "Join: http://\(balancer)/"
      let deadline = ContinuousClock.now + .seconds(30)
      while ContinuousClock.now < deadline {
        let text = host.text
        if let start = text.range(of: prefix, options: .backwards) {
          let code = text[start.upperBound...].prefix { !$0.isWhitespace }
          // Whole once something follows it.
          if text[start.upperBound...].count > code.count { return "http://\(balancer)/\(code)" }
        }
        try await Task.sleep(for: .milliseconds(20))
      }
      throw Failure("no \(prefix.debugDescription) line from the host; it printed:\n\(host.text)")
    }

    /// Waits until each edge serves the night at `url` and the balancer has both in its pool.
    func waitForEdges(serving url: String) async throws {
      let code = url.split(separator: "/").last.map(String.init) ?? ""
      for (_, edge) in edges.sorted(by: { $0.key < $1.key }) {
        try await edge.waitFor("Serving night \(code) on port \(Self.edgePort)")
      }
      let deadline = ContinuousClock.now + .seconds(10)
      while try connections().values.contains(where: { !$0.up }) {
        guard ContinuousClock.now < deadline else {
          throw Failure("the balancer's pool is not up: \(try connections())")
        }
        try await Task.sleep(for: .milliseconds(50))
      }
    }

    /// What psql answers `sql` with, from the room's machine: one line a row, `|` between columns.
    func query(_ sql: String) throws -> String {
      let command = machines.exec(in: "room") + ["psql", "-X", "-A", "-t", postgres, "-c", sql]
      let answer = try Child.run(
        command[0], arguments: Array(command.dropFirst()), environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
        timeout: .seconds(30))
      guard answer.status == 0 else { throw Failure("psql: \(answer.errorText)") }
      return answer.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Each edge as the balancer sees it: in its pool or not, and its connections now.
    func connections() throws -> [String: (up: Bool, sessions: Int)] {
      let status = try Self.script("haproxy", ["status", folder + "-lb"])
      guard status.status == 0 else { throw Failure("haproxy.sh status: \(status.errorText)") }
      var edges: [String: (up: Bool, sessions: Int)] = [:]
      for line in status.outputText.split(separator: "\n") {
        let words = line.split(separator: " ")
        guard words.count == 3, let sessions = Int(words[2]) else { continue }
        edges[String(words[0])] = (words[1].hasPrefix("UP"), sessions)
      }
      return edges
    }

    /// The edge whose connections went up since `before`.
    func edgeGaining(over before: [String: (up: Bool, sessions: Int)]) async throws -> String {
      let deadline = ContinuousClock.now + .seconds(5)
      while ContinuousClock.now < deadline {
        let now = try connections()
        if let gained = now.keys.sorted().first(where: { now[$0]!.sessions > (before[$0]?.sessions ?? 0) }) {
          return gained
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      throw Failure("no edge gained a connection: \(try connections())")
    }

    /// Stops PostgreSQL's server, its data kept: every client's connection drops, and the
    /// next find nothing at its address until `resumePostgres`.
    func pausePostgres() throws {
      let paused = try Self.script("postgres", ["pause", folder + "-db"], on: machines.exec(in: "db"))
      guard paused.status == 0 else { throw Failure("postgres.sh pause: \(paused.errorText)") }
    }

    /// Starts the paused server again, at the same address and port, with the same data.
    func resumePostgres() throws {
      let resumed = try Self.script("postgres", ["resume", folder + "-db"], on: machines.exec(in: "db"))
      guard resumed.status == 0 else { throw Failure("postgres.sh resume: \(resumed.errorText)") }
    }

    /// SIGKILL to an edge: `trivia-night edge`, under its `timeout`.
    func kill(edge name: String) {
      guard let edge = edges[name] else { return }
      Glibc.kill(program(of: edge), SIGKILL)
    }

    /// SIGKILL to `trivia host`, under its `timeout`, and nothing else: its room (`trivia-night
    /// room`) is left to notice.
    func kill(host: NightProcess) {
      Glibc.kill(program(of: host), SIGKILL)
    }

    /// The program a launcher's `timeout` runs: its one child.
    func program(of process: NightProcess) -> pid_t {
      Self.children(of: process.pid).first ?? process.pid
    }

    /// Everything: the processes, the servers, then the namespaces with whatever is left in them.
    func stop() {
      for process in started.compactMap({ $0 as? NightProcess }) + edges.values {
        for pid in Self.descendants(of: process.pid) { Glibc.kill(pid, SIGKILL) }
        process.kill()
      }
      _ = try? Self.script("haproxy", ["stop", folder + "-lb"])
      _ = try? Self.script("postgres", ["stop", folder + "-db"])
      machines.remove()
    }

    /// Runs Scripts/NAME.sh with `arguments`, on `launcher`'s machine.
    static func script(
      _ name: String, _ arguments: [String], on launcher: [String] = [], environment: [String: String] = [:],
      timeout: Duration = .seconds(120)
    ) throws -> Child.Finished {
      let command = launcher + ["\(repository)/Scripts/\(name).sh"] + arguments
      return try Child.run(
        command[0], arguments: Array(command.dropFirst()),
        environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 },
        timeout: timeout)
    }

    /// The processes whose parent is `pid`, from /proc.
    static func children(of pid: pid_t) -> [pid_t] {
      ProcessTree.children(of: pid)
    }

    /// `pid`'s children, theirs, and so on.
    static func descendants(of pid: pid_t) -> [pid_t] {
      ProcessTree.descendants(of: pid)
    }

    /// Those of `pids` still running (not ended, nor ended and unreaped) after `within`.
    static func survivors(_ pids: [pid_t], within: Duration) async -> [pid_t] {
      let deadline = ContinuousClock.now + within
      while true {
        let running = pids.filter { pid in
          guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
          else { return false }
          return !stat[stat.index(after: close)...].hasPrefix(" Z")
        }
        if running.isEmpty || ContinuousClock.now >= deadline { return running }
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
  }

  extension PseudoTerminal {
    /// Waits for question `number`'s prompt, with the line editor ready for a key.
    func waitForQuestion(_ number: Int) async throws {
      try await waitFor("question \(number)/5 · ")
      try waitForLineEditor()
    }

    /// The final standings as ScriptedNightTests has them: at a terminal, the prompt follows.
    var finalStandings: String {
      let table = ScriptedNightTests.finalStandings(plainText)
      let end = table.range(of: "Type done")?.lowerBound ?? table.endIndex
      return String(table[..<end].reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The output as lines of text: without the terminal's escapes and carriage returns.
    var plainText: String {
      // "\r\n" is one Character to Swift: a lone "\r" would not match it.
      text.replacing(/\x{1B}\[[0-9;?]*[A-Za-z]/, with: "").replacing("\r\n", with: "\n").replacing("\r", with: "")
    }
  }
#endif
