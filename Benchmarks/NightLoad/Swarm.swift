import Logging
import NIOCore
import NIOPosix
import NightKit
import NightRelay
import WSClient

/// N players in this one process, each a WebSocket from swift-websocket's client (the library
/// `trivia join` uses) on a small event-loop group: each joins, and answers every question at a
/// random moment of its time, but one, which never answers, so each question runs to its
/// deadline.
final class Swarm: Sendable {
  /// How a player's connection is made, and a big screen's (Screens) the same way: what a phone
  /// sends fits a frame of 1 MiB, and it pings as the page does.
  static let connection = WebSocketClientConfiguration(
    maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(10)))
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
    let quiet = Logger(label: "night-load") { _ in SwiftLogNoOpLogHandler() }
    let join = NightWire.encode(PlayerMessage.join(name: "p\(player)", token: nil))
    let timeline = timeline
    let limit = limit
    let answers = answers
    let url = urls[player % urls.count]
    // A phone's player: the same messages as the terminal's, after the page and its files.
    if let pageEvery, player % pageEvery == 0, player != 0, await !PageLoad.fetch(url) {
      timeline.ended(player, reason: "the page did not load")
      return
    }
    do {
      let frame = try await WebSocketClient.connect(
        url: JoinURL.webSocket(url),
        configuration: Swarm.connection,
        eventLoopGroup: group, logger: quiet
      ) { inbound, outbound, _ in
        try await outbound.write(.text(join))
        try await withThrowingDiscardingTaskGroup { replies in
          for try await message in inbound.messages(maxSize: 1 << 20) {
            let now = ContinuousClock.now
            guard case .text(let text) = message else { continue }
            guard let question = timeline.heard(text, by: player, at: now), player != 0 else { continue }
            let delay = limit * Double.random(in: 0.05...0.8)
            let answer = answers[question - 1][Int.random(in: 0...1)]
            replies.addTask {
              try await Task.sleep(for: delay)
              try await outbound.write(.text(answer))
            }
          }
          replies.cancelAll()
        }
      }
      let reason = frame.map { "closed \($0.closeCode): \($0.reason ?? "")" }
      timeline.ended(player, reason: reason)
    } catch {
      timeline.ended(player, reason: "\(error)")
    }
  }
}
