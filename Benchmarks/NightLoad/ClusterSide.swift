#if Night
  import Glibc

  /// A night over several machines (#30), played here on one: `--postgres URL --edges N`.
  struct ClusterPlan: Sendable {
    var postgres: String
    var edges: Int
    /// Whether NightLoad LISTENs on the night's channels and logs `trivia_frames`' rows, to count
    /// the NOTIFYs (`--count-notifies 0`: not, to see what counting costs PostgreSQL).
    var countNotifies = true
  }

  /// A night's edges and what watches PostgreSQL, for one player count: the edges started
  /// before the host (`trivia edge --postgres URL --port P --bind 127.0.0.1`, each on a free
  /// port), the host then started with `--postgres URL --address 127.0.0.1:P` (the first edge's
  /// port: the balancer's address on a real night). Players connect to the edges' ports in turn,
  /// as a balancer would share them.
  final class ClusterSide: Sendable {
    let plan: ClusterPlan
    let watch: PostgresWatch
    let edges: [EdgeProcess]

    private init(plan: ClusterPlan, watch: PostgresWatch, edges: [EdgeProcess]) {
      self.plan = plan
      self.watch = watch
      self.edges = edges
    }

    static func start(_ plan: ClusterPlan, binary: String, home: String) async throws -> ClusterSide {
      let watch = try await PostgresWatch(url: plan.postgres)
      var edges: [EdgeProcess] = []
      do {
        try await watch.endNights()
        for _ in 0..<plan.edges {
          edges.append(
            try EdgeProcess(binary: binary, postgres: plan.postgres, port: try EdgeProcess.freePort(), home: home))
        }
        for edge in edges {
          try await edge.wait(for: "register", within: .seconds(30)) { $0.edgeNumber != nil }
        }
        // The edges made the tables.
        try await watch.logFrames(plan.countNotifies)
      } catch {
        edges.forEach { $0.stop() }
        await watch.close()
        throw error
      }
      return ClusterSide(plan: plan, watch: watch, edges: edges)
    }

    /// What the host is started with besides.
    var hostArguments: [String] {
      ["--postgres", plan.postgres, "--address", "127.0.0.1:\(edges[0].port)"]
    }

    var edgePids: [pid_t] { edges.map(\.pid) }

    /// Once the host said its join URL: waits until every edge serves its night, starts
    /// counting its NOTIFYs, and gives each edge's join URL.
    func serve(_ joinURL: String) async throws -> [String] {
      guard let code = joinURL.split(separator: "/").last.map(String.init) else {
        throw LoadFailure("no code in the host's join URL \(joinURL)")
      }
      for edge in edges {
        try await edge.wait(for: "serve night \(code)", within: .seconds(30)) { $0.serves(code) }
      }
      if plan.countNotifies { try await watch.listen(night: code, edges: edges.compactMap(\.edgeNumber)) }
      return edges.map { "http://127.0.0.1:\($0.port)/\(code)" }
    }

    /// Ends the edges (their players' connections close) and the watch; once.
    func stop() {
      edges.forEach { $0.stop() }
      let watch = watch
      Task { await watch.close() }
    }
  }
#endif
