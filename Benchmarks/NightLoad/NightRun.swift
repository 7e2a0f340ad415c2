#if Night
  import Glibc
  import NightKit

  /// One night against a fresh host: N players join, then each question is asked (by `start`,
  /// then `next` from the standings), answered, closed at its deadline and revealed.
  struct NightRun {
    var players: Int
    var limit: Duration
    var questions: Int
    var binary: String
    var threads: Int
    /// Says each question's figures on standard error as it goes.
    var verbose = false
    /// The share of players, in percent, that load the player's page before joining.
    var pageShare = 0
    /// Big screens watching the night, connected in the lobby before the players join.
    var screens = 0
    /// A night over several machines: the room on PostgreSQL, players on edges (nil: one host).
    var cluster: ClusterPlan?

    func measure() async throws -> NightFigures {
      var figures = NightFigures()
      figures.players = players
      let home = "/tmp/night-load-\(getpid())-\(players)"
      mkdir(home, 0o700)
      defer { Self.remove(home) }
      var side: ClusterSide?
      if let cluster { side = try await ClusterSide.start(cluster, binary: binary, home: home) }
      // After the host's: the edges hold its players.
      defer { side?.stop() }
      let host = try HostProcess(
        binary: binary,
        arguments: [
          "host", "--port", "0", "--bind", "127.0.0.1", "--max-players", "\(players)", "--time",
          "\(limit.components.seconds)", "--count", "\(questions)", "--seed", "8", "--no-history", "--no-color",
        ] + (side?.hostArguments ?? []),
        home: home)
      defer { host.stop() }
      let hostURL = try await host.joinURL(within: .seconds(30))
      let urls = try await side?.serve(hostURL) ?? [hostURL]
      let url = urls[0]
      let pids = [host.pid] + ProcessSample.children(of: host.pid)
      guard pids.count == 2 else { throw LoadFailure("expected trivia and trivia-night, found \(pids)") }
      let before = ProcessSample.of(pids)
      let edgePids = side?.edgePids ?? []
      let edgesBefore = ProcessSample.of(edgePids)
      figures.edges = edgePids.count
      // After `before`: what a screen costs the host shows in its memory per player.
      let watchers = Screens(
        url: url, key: screens > 0 ? try host.screenKey() : "", count: screens, questions: questions)
      figures.screens = screens
      if screens > 0 { try await watchers.watch(within: .seconds(10)) }

      let timeline = Timeline(players: players, questions: questions)
      let pageEvery = pageShare > 0 ? max(1, 100 / pageShare) : nil
      let swarm = Swarm(
        urls: urls, timeline: timeline, limit: limit, questions: questions, threads: threads, pageEvery: pageEvery)
      figures.pagePlayers = pageEvery.map { every in (1..<players).count { $0 % every == 0 } } ?? 0
      let nightNotifies = await side?.watch.snapshot()
      let joinStart = ContinuousClock.now
      // What the joins cost each side of a night over several machines: `trivia` alone, its
      // room, the edges and PostgreSQL.
      let joinCPUBefore = [
        ProcessSample.cpuTime(host.pid), ProcessSample.of(pids).cpu, ProcessSample.of(edgePids).cpu,
        side?.watch.cpu ?? .zero,
      ]
      try await swarm.join(within: .seconds(120))
      figures.joinSeconds = (ContinuousClock.now - joinStart).seconds
      figures.joined = timeline.state.withLock { $0.joined }
      if let side {
        let joinCPU = [
          ProcessSample.cpuTime(host.pid), ProcessSample.of(pids).cpu, ProcessSample.of(edgePids).cpu, side.watch.cpu,
        ]
        figures.joinCPUMs = zip(joinCPU, joinCPUBefore).map { ($0 - $1).milliseconds }
      }
      // The lobby's last update goes out within its interval.
      try await Task.sleep(for: .milliseconds(1500))

      var fanOuts: [Double] = []
      var screenFanOuts: [Double] = []
      var hostCPU = Duration.zero
      var ownCPU = Duration.zero
      var hostFanOutCPU = Duration.zero
      var hostFanOutWaited = Duration.zero
      var ownWaited = Duration.zero
      var fanOutWall = Duration.zero
      // A night over several machines: its edges', PostgreSQL's, and its NOTIFYs.
      var edgeCPU = Duration.zero
      var edgeFanOutCPU = Duration.zero
      var postgresCPU = Duration.zero
      var postgresFanOutCPU = Duration.zero
      var notified = NotifyCounts()
      var questionsWall = Duration.zero
      for number in 1...questions {
        if number > 1 {
          // The reveal's `next` gives the standings; the standings' `next` the question.
          host.type("next")
          try await waitFor(.seconds(10)) {
            timeline.state.withLock { state in Self.live(state).allSatisfy { state.standingsAt[number - 2][$0] != nil }
            }
              && watchers.state.withLock { state in
                watchers.live(state).allSatisfy { state.screens[$0].standingsAt[number - 2] != nil }
              }
          }
          try await Task.sleep(for: .milliseconds(300))
        }
        let hostBefore = ProcessSample.of(pids)
        let edgeCPUBefore = ProcessSample.of(edgePids).cpu
        let postgresBefore = side?.watch.cpu ?? .zero
        let notifiesBefore = await side?.watch.snapshot()
        let hostWaitedBefore = hostBefore.waited
        let ownBefore = ProcessSample.own
        let ownWaitedBefore = ProcessSample.waitedForCPU(getpid())
        timeline.state.withLock { $0.question = number }
        watchers.ask(number)
        let asked = ContinuousClock.now
        host.type(number == 1 ? "start" : "next")
        try await waitFor(limit) {
          timeline.state.withLock { state in Self.live(state).allSatisfy { state.questionAt[number - 1][$0] != nil } }
        }
        let fannedOut = ContinuousClock.now
        ownCPU += ProcessSample.own - ownBefore
        ownWaited += ProcessSample.waitedForCPU(getpid()) - ownWaitedBefore
        let hostFannedOut = ProcessSample.of(pids)
        edgeFanOutCPU += ProcessSample.of(edgePids).cpu - edgeCPUBefore
        postgresFanOutCPU += (side?.watch.cpu ?? .zero) - postgresBefore
        hostFanOutCPU += hostFannedOut.cpu - hostBefore.cpu
        hostFanOutWaited += hostFannedOut.waited - hostWaitedBefore
        fanOutWall += fannedOut - asked
        let arrivals = timeline.state.withLock { $0.questionAt[number - 1].compactMap { $0 } }
        fanOuts += arrivals.map { ($0 - asked).milliseconds }
        figures.fanOutMaxMs = max(figures.fanOutMaxMs, arrivals.map { ($0 - asked).milliseconds }.max() ?? 0)
        // The screens are sent the question after every player (theirs has the count of answers),
        // so they are waited for apart: the players' figures mean what they mean without them.
        try await waitFor(limit) {
          watchers.state.withLock { state in
            watchers.live(state).allSatisfy { state.screens[$0].questionAt[number - 1] != nil }
          }
        }
        screenFanOuts += watchers.state.withLock { state in
          state.screens.compactMap { $0.questionAt[number - 1] }.map { ($0 - asked).milliseconds }
        }

        let deadline = asked + limit
        // A player has its verdict with the reveal, which follows its own part (`you`).
        try await waitFor(limit + .seconds(15)) {
          host.reveal(after: asked) != nil
            && timeline.state.withLock { state in
              Self.live(state).allSatisfy { state.revealAt[number - 1][$0] != nil }
            }
            && watchers.state.withLock { state in
              watchers.live(state).allSatisfy { state.screens[$0].revealAt[number - 1] != nil }
            }
        }
        hostCPU += ProcessSample.of(pids).cpu - hostBefore.cpu
        edgeCPU += ProcessSample.of(edgePids).cpu - edgeCPUBefore
        postgresCPU += (side?.watch.cpu ?? .zero) - postgresBefore
        if let side, let notifiesBefore {
          notified = notified.adding(await side.watch.snapshot().since(notifiesBefore))
        }
        questionsWall += .now - asked
        let lastVerdict = timeline.state.withLock { $0.revealAt[number - 1].compactMap { $0 }.max() }
        let bars = host.reveal(after: asked)
        if let bars { figures.barsMs = max(figures.barsMs, (bars - deadline).milliseconds) }
        let tallied = [lastVerdict, bars].compactMap { $0 }.max() ?? .now
        figures.tallyMs = max(figures.tallyMs, (tallied - deadline).milliseconds)
        let screenBars = watchers.state.withLock { state in state.screens.compactMap { $0.revealAt[number - 1] }.max() }
        if let screenBars { figures.screenBarsMs = max(figures.screenBarsMs, (screenBars - deadline).milliseconds) }
        if verbose {
          let answered = timeline.state.withLock { $0.taken }
          Self.say(
            "question \(number): fan-out first \(format1(((arrivals.min() ?? asked) - asked).milliseconds)) ms, last "
              + "\(format1((fannedOut - asked).milliseconds)) ms, "
              + "verdicts \(format1(((lastVerdict ?? .now) - deadline).milliseconds)) ms and bars "
              + "\(format1(((bars ?? .now) - deadline).milliseconds)) ms after the deadline; \(answered) answers so far"
          )
          if screens > 0 {
            let stages = watchers.state.withLock { state in state.screens.map { $0.questionStages[number - 1] } }
            Self.say(
              "  screens: the question after \(screenFanOuts.suffix(screens).map(format1).joined(separator: ", ")) ms, "
                + "\(stages.map(String.init).joined(separator: ", ")) stages in it, "
                + "bars \(format1(((screenBars ?? .now) - deadline).milliseconds)) ms after the deadline")
          }
          if bars == nil { Self.say("no bars on the host's screen, which ends with: \(host.tail(1500))") }
        }
        try await Task.sleep(for: .milliseconds(300))
      }
      let after = ProcessSample.of(pids)
      let edgesAfter = ProcessSample.of(edgePids)
      if let side, let nightNotifies { figures.nightNotifies = await side.watch.snapshot().since(nightNotifies) }
      let state = timeline.state.withLock { state in
        state.over = true
        return state
      }
      let screenState = watchers.state.withLock { state in
        state.over = true
        return state
      }
      // The host's end closes every player; the clients' event loops stop once they are gone.
      // A room's end does not (its players wait on their edges for a room back): the edges' does.
      host.stop()
      side?.stop()
      try await waitFor(.seconds(10)) {
        timeline.state.withLock { $0.standing.allSatisfy { $0 == .gone } }
          && watchers.state.withLock { $0.screens.allSatisfy(\.gone) }
      }

      fanOuts.sort()
      figures.fanOutP50Ms = Self.percentile(fanOuts, 0.50)
      figures.fanOutP99Ms = Self.percentile(fanOuts, 0.99)
      figures.dropped = state.dropped
      figures.refused = state.refused.count
      figures.late = state.late
      figures.answers = state.taken
      figures.problems =
        Self.check(state, questions: questions) + state.failed.prefix(3).map { "failed: \($0)" }
        + state.refused.prefix(3).map { "refused: \($0)" } + screenState.failed.prefix(3).map { "failed: \($0)" }
      figures.held = (0..<players).count { player in
        state.standing[player] == .in && (0..<questions).allSatisfy { state.revealAt[$0][player] != nil }
      }
      let joined = Double(max(1, state.joined))
      figures.hostKiBPerPlayer = Double(after.peakKiB - before.rssKiB) / joined
      figures.hostPeakMiB = Double(after.peakKiB) / 1024
      figures.hostCPUPerAnswerUs = hostCPU.milliseconds * 1000 / Double(max(1, state.taken))
      figures.loadCPUShare = ownCPU.milliseconds / max(1, fanOutWall.milliseconds)
      figures.hostCPUShare = hostFanOutCPU.milliseconds / max(1, fanOutWall.milliseconds)
      figures.hostWaitShare = hostFanOutWaited.milliseconds / max(1, fanOutWall.milliseconds)
      figures.loadWaitShare = ownWaited.milliseconds / max(1, fanOutWall.milliseconds)
      figures.hostFanOutCPUMs = hostFanOutCPU.milliseconds / Double(questions)
      if side != nil {
        let answers = Double(max(1, state.taken))
        figures.edgeKiBPerPlayer = Double(edgesAfter.peakKiB - edgesBefore.rssKiB) / joined
        figures.edgePeakMiB = Double(edgesAfter.peakKiB) / 1024
        figures.edgeCPUPerAnswerUs = edgeCPU.milliseconds * 1000 / answers
        figures.postgresCPUPerAnswerUs = postgresCPU.milliseconds * 1000 / answers
        figures.edgeCPUShare = edgeFanOutCPU.milliseconds / max(1, fanOutWall.milliseconds)
        figures.postgresCPUShare = postgresFanOutCPU.milliseconds / max(1, fanOutWall.milliseconds)
        figures.notifies = notified
        figures.questionsSeconds = questionsWall.seconds
        figures.load = Self.loadAverage()
      }
      screenFanOuts.sort()
      figures.screenFanOutP50Ms = Self.percentile(screenFanOuts, 0.50)
      figures.screenFanOutMaxMs = screenFanOuts.last ?? 0
      figures.screensHeld = screenState.screens.count { screen in
        screen.watching && (0..<questions).allSatisfy { screen.questionAt[$0] != nil && screen.revealAt[$0] != nil }
      }
      let watched = Double(max(1, screens))
      figures.screenMessages = Double(screenState.screens.map(\.messages).reduce(0, +)) / watched
      figures.screenKiB = Double(screenState.screens.map(\.bytes).reduce(0, +)) / 1024 / watched
      figures.screenQuestionStages =
        Double(screenState.screens.map { $0.questionStages.reduce(0, +) }.reduce(0, +)) / watched / Double(questions)
      await swarm.shutdown()
      await watchers.shutdown()
      return figures
    }

    /// The last minute's load average, from /proc/loadavg.
    private static func loadAverage() -> Double {
      Double(ProcessSample.read("/proc/loadavg")?.split(separator: " ").first ?? "") ?? 0
    }

    /// The host's own HOME, with whatever it kept there.
    private static func remove(_ folder: String) {
      var pid: pid_t = 0
      let words: [String] = ["/bin/rm", "-rf", folder]
      let argv = words.map { strdup($0) } + [nil]
      defer { argv.forEach { free($0) } }
      guard posix_spawn(&pid, "/bin/rm", nil, nil, argv, environ) == 0 else { return }
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }

    static func say(_ text: String) {
      let line = Array((text + "\n").utf8)
      _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// Players in and connected.
    private static func live(_ state: Timeline.State) -> [Int] {
      state.standing.indices.filter { state.standing[$0] == .in }
    }

    /// Every verdict decoded, off the clock: each player had each question's reveal, once and in
    /// order, and just before it its own part with a place among everyone.
    private static func check(_ state: Timeline.State, questions: Int) -> [String] {
      var problems: [String] = []
      for (player, reveals) in state.reveals.enumerated() where state.standing[player] == .in {
        let numbers = reveals.compactMap { reveal -> Int? in
          guard case .stage(let stage) = try? NightWire.decodeHost(reveal.stage),
            case .reveal(let answer) = stage.scene,
            let you = reveal.you, case .you(let own) = try? NightWire.decodeHost(you)
          else { return nil }
          return own.place >= 1 && own.place <= stage.count ? answer.number : nil
        }
        if numbers != Array(1...questions) {
          problems.append("player \(player) got verdicts \(numbers)")
          if problems.count >= 3 { break }
        }
      }
      return problems
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }

    /// Polls `done` every few milliseconds; gives up quietly after `within` (what did not arrive
    /// shows in the figures).
    private func waitFor(_ within: Duration, _ done: () -> Bool) async throws {
      let until = ContinuousClock.now + within
      while !done(), ContinuousClock.now < until {
        try await Task.sleep(for: .milliseconds(2))
      }
    }
  }

  extension Duration {
    var milliseconds: Double {
      let (seconds, attoseconds) = components
      return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    var seconds: Double { milliseconds / 1000 }
  }
#endif
