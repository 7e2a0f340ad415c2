#if Night
  import Glibc

  /// Figure 8 of `make bench`: a trivia night at scale. Starts a release `trivia host` on a
  /// pseudo-terminal for each player count, plays a night against it from this one process and
  /// prints a line of figures per count (and, with --json, a JSON object a line). The sweep goes
  /// up from --sweep-from until a count misses the floor, passes --sweep-to or the time is up.
  ///
  ///     NightLoad [--players 1000,5000] [--sweep-from N --sweep-step N --sweep-to N --sweep-seconds S]
  ///               [--time 10] [--questions 3] [--threads 2] [--page-share 0] [--screens 0]
  ///               [--binary .build/release/trivia] [--json] [--verbose]
  ///               [--postgres postgres://USER@HOST:PORT/DB [--edges 2] [--count-notifies 1]]
  ///
  /// `--screens N` attaches N big screens (`{"watch":{}}`, as `/CODE/screen`) in the lobby: they
  /// never join nor answer; the figures say when each question and reveal reached them and what
  /// they were sent.
  ///
  /// `--postgres URL` plays each night over several machines (#30), here on this one: NightLoad
  /// starts `--edges` edges (`trivia edge --postgres URL`, default 2, each on a free port of
  /// 127.0.0.1) and the host with `--postgres URL --address 127.0.0.1:PORT`, and connects the
  /// players to the edges' ports in turn, directly: what a balancer in front of them would do.
  /// The host's figures are then the room's (`trivia` and its `trivia-night room`, no sockets);
  /// the edges', PostgreSQL's CPU (its server's processes, which must be on this machine) and the
  /// NOTIFYs on the night's channels (NightLoad LISTENs on them) are reported besides. It needs
  /// NightLoad built with `--traits Night,Cluster`.
  @main
  struct NightLoad {
    static func main() async {
      do {
        try await run(Array(CommandLine.arguments.dropFirst()))
      } catch {
        print("NightLoad: \(error)")
        exit(2)
      }
    }

    static func run(_ arguments: [String]) async throws {
      var options: [String: String] = [:]
      var json = false
      var verbose = false
      var rest = arguments[...]
      while let name = rest.popFirst() {
        if name == "--json" || name == "--verbose" {
          if name == "--json" { json = true } else { verbose = true }
          continue
        }
        guard name.hasPrefix("--"), let value = rest.popFirst() else { throw LoadFailure("usage: see NightLoad.swift") }
        options[String(name.dropFirst(2))] = value
      }
      func number(_ name: String, _ fallback: Int, least: Int = 1) throws -> Int {
        guard let text = options[name] else { return fallback }
        guard let value = Int(text), value >= least else { throw LoadFailure("--\(name) takes a number ≥ \(least)") }
        return value
      }
      let counts = try (options["players"] ?? "1000,5000").split(separator: ",").map { text in
        guard let count = Int(text), count > 0 else { throw LoadFailure("--players takes counts, as in 1000,5000") }
        return count
      }
      let base = NightRun(
        players: 0, limit: .seconds(try number("time", 10)), questions: try number("questions", 3),
        binary: options["binary"] ?? ".build/release/trivia", threads: try number("threads", 2),
        verbose: verbose, pageShare: min(100, try number("page-share", 0)),
        screens: try number("screens", 0, least: 0),
        cluster: try options["postgres"].map {
          ClusterPlan(
            postgres: $0, edges: try number("edges", 2), countNotifies: try number("count-notifies", 1, least: 0) != 0)
        })
      let sweepFrom = try number("sweep-from", .max)
      let sweepStep = try number("sweep-step", 2500)
      let sweepSeconds = try number("sweep-seconds", 0)
      // `trivia host --max-players` takes 10,000 at most for one host (200,000 with --postgres).
      let sweepTo = try number("sweep-to", 10_000)

      let limit = try raiseDescriptorLimit()
      var plan = counts
      let sweepUntil = ContinuousClock.now + .seconds(sweepSeconds)
      var sweeping = sweepFrom != .max
      var next = sweepFrom
      while !plan.isEmpty || sweeping {
        let players: Int
        let swept = plan.isEmpty
        if !swept {
          players = plan.removeFirst()
        } else {
          guard ContinuousClock.now < sweepUntil, next <= sweepTo else { break }
          players = next
          next += sweepStep
        }
        // A socket each side, both in processes under this limit, and a few to spare.
        guard players + 64 <= limit else {
          print("\(players) players: not run, the descriptor limit is \(limit) (ulimit -Hn)")
          break
        }
        var run = base
        run.players = players
        let figures: NightFigures
        do {
          figures = try await run.measure()
        } catch {
          var failed = NightFigures()
          failed.players = players
          failed.problems = [String(reflecting: error)]
          figures = failed
        }
        print(json ? figures.json : figures.line)
        if swept, !figures.holds { sweeping = false }
      }
    }

    /// The soft limit on open descriptors raised to the hard one, for this process and the host
    /// it starts (which inherits it): every player is a socket on each side.
    static func raiseDescriptorLimit() throws -> Int {
      var limit = rlimit()
      guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw LoadFailure("getrlimit failed") }
      limit.rlim_cur = limit.rlim_max
      guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { throw LoadFailure("setrlimit failed") }
      return Int(limit.rlim_cur)
    }
  }
#endif
