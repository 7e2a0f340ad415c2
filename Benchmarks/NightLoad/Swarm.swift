#if Night
  import NIOCore
  import NIOHTTP1
  import NIOPosix
  import NIOWebSocket
  import NightKit
  import NightRelay

  /// N players in this one process, each a WebSocket from NIO's client on a small event-loop
  /// group, played by a `SwarmPlayer` on its loop.
  final class Swarm: Sendable {
    /// Where players connect: one host's join URL, or each edge's (players take them in turn).
    let urls: [String]
    let timeline: Timeline
    let limit: Duration
    let group: MultiThreadedEventLoopGroup
    /// Each question's answers, the first or second choice (every question has two at least),
    /// encoded before the night: encoding as a question arrives would delay the next arrival.
    let answers: [[String]]
    /// Joins under way at once: enough to keep the host busy, few enough that none waits so long
    /// that the host's join timer drops it.
    static let connectingAtOnce = 200
    /// Every this many players loads the page first, as a phone does (nil: none).
    let pageEvery: Int?

    init(urls: [String], timeline: Timeline, limit: Duration, questions: Int, threads: Int, pageEvery: Int? = nil) {
      self.pageEvery = pageEvery
      answers = (1...questions).map { question in
        (0...1).map { NightWire.encode(PlayerMessage.answer(question: question, choice: $0)) }
      }
      self.urls = urls
      self.timeline = timeline
      self.limit = limit
      group = MultiThreadedEventLoopGroup(numberOfThreads: threads)
    }

    /// Starts every player; returns once each is in, refused or failed, or `within` has passed.
    func join(within: Duration) async throws {
      let until = ContinuousClock.now + within
      for player in 0..<timeline.players {
        while timeline.state.withLock({ $0.connecting }) >= Self.connectingAtOnce {
          guard ContinuousClock.now < until else { throw LoadFailure("joins too slow: \(player) started") }
          try await Task.sleep(for: .milliseconds(1))
        }
        timeline.state.withLock { $0.connecting += 1 }
        Task { await play(player) }
      }
      while timeline.state.withLock({ $0.connecting }) > 0, ContinuousClock.now < until {
        try await Task.sleep(for: .milliseconds(5))
      }
    }

    func shutdown() async {
      try? await group.shutdownGracefully()
    }

    private func play(_ player: Int) async {
      let url = urls[player % urls.count]
      // A phone's player: the same messages as the terminal's, after the page and its files.
      if let pageEvery, player % pageEvery == 0, player != 0, await !PageLoad.fetch(url) {
        timeline.ended(player, reason: "the page did not load")
        return
      }
      let join = NightWire.encode(PlayerMessage.join(name: "p\(player)", token: nil))
      let (timeline, limit, answers) = (timeline, limit, answers)
      do {
        let target = try SwarmTarget(JoinURL.webSocket(url))
        let upgraded = try await ClientBootstrap(group: group).connect(host: target.host, port: target.port) {
          channel in
          channel.eventLoop.makeCompletedFuture {
            let upgrader = NIOTypedWebSocketClientUpgrader<(any Channel)?>(maxFrameSize: 1 << 20) { channel, _ in
              channel.eventLoop.makeCompletedFuture {
                let handler = SwarmPlayer(
                  player: player, timeline: timeline, limit: limit, answers: answers, join: join)
                try channel.pipeline.syncOperations.addHandler(handler)
                return channel
              }
            }
            var configuration = NIOUpgradableHTTPClientPipelineConfiguration(
              upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration(
                upgradeRequestHead: target.request, upgraders: [upgrader],
                notUpgradingCompletionHandler: { $0.eventLoop.makeSucceededFuture(nil) }))
            configuration.leftOverBytesStrategy = .forwardBytes
            return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
              configuration: configuration)
          }
        }
        // Joined once the upgrade is over: until then the pipeline still holds HTTP's handlers.
        guard let channel = try await upgraded.get() else {
          timeline.ended(player, reason: "the upgrade was refused")
          return
        }
        channel.pipeline.fireUserInboundEventTriggered(SwarmPlayer.Join())
      } catch {
        timeline.ended(player, reason: "\(error)")
      }
    }
  }
#endif
