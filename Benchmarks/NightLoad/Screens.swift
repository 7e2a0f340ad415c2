#if Night
  import Logging
  import NIOCore
  import NIOPosix
  import NightKit
  import NightRelay
  import Synchronization
  import WSClient

  /// Big screens watching the night, as `/CODE/screen#KEY` does: each a WebSocket from
  /// swift-websocket's client (the library `trivia join` uses) that sends `{"watch":{"key":KEY}}`
  /// once connected, never joins nor answers, and drains what it is sent, timing each stage's arrival as the players' are (before anything else is
  /// done with the frame). On an event-loop thread of their own, so a screen's frames do not
  /// queue behind a thousand players' in this process: what they measure is the host.
  final class Screens: Sendable {
    /// What a screen is sent fits a frame of 1 MiB, and it pings every 10 s.
    private static let connection = WebSocketClientConfiguration(
      maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(10)))
    struct Screen {
      /// Had its first stage: the host took it as a screen.
      var watching = false
      var gone = false
      var messages = 0
      var bytes = 0
      /// Each question's first stage (the question), its reveal (the bars) and its standings.
      var questionAt: [ContinuousClock.Instant?]
      var revealAt: [ContinuousClock.Instant?]
      var standingsAt: [ContinuousClock.Instant?]
      /// Stages during each question: the question, then the count of answers as it moves.
      var questionStages: [Int]
    }

    struct State {
      /// The question the run is on (1-based), as in `Timeline`.
      var question = 0
      var screens: [Screen]
      var over = false
      /// Screens that ended before the run did, and why.
      var failed: [String] = []
    }

    let url: String
    /// The screen's key, from the host's Screen line: without it no screen is let in.
    let key: String
    let group: MultiThreadedEventLoopGroup
    let state: Mutex<State>
    var count: Int { state.withLock { $0.screens.count } }

    init(url: String, key: String, count: Int, questions: Int) {
      self.url = url
      self.key = key
      group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
      let empty = [ContinuousClock.Instant?](repeating: nil, count: questions)
      state = Mutex(
        State(
          screens: [Screen](
            repeating: Screen(
              questionAt: empty, revealAt: empty, standingsAt: empty,
              questionStages: [Int](repeating: 0, count: questions)),
            count: count)))
    }

    /// Starts every screen; returns once each has its first stage, or failed, or `within` passed.
    func watch(within: Duration) async throws {
      for screen in 0..<count {
        Task { await run(screen) }
      }
      let until = ContinuousClock.now + within
      while ContinuousClock.now < until {
        let waiting = state.withLock { $0.screens.contains { !$0.watching && !$0.gone } }
        guard waiting else { break }
        try await Task.sleep(for: .milliseconds(5))
      }
      let failed = state.withLock { state in state.screens.indices.filter { !state.screens[$0].watching } }
      if !failed.isEmpty { throw LoadFailure("screens \(failed) were not sent a stage") }
    }

    /// The run is on question `number` from now.
    func ask(_ number: Int) {
      state.withLock { $0.question = number }
    }

    /// Screens watching and not gone.
    func live(_ state: State) -> [Int] {
      state.screens.indices.filter { state.screens[$0].watching && !state.screens[$0].gone }
    }

    func shutdown() async {
      try? await group.shutdownGracefully()
    }

    private func run(_ screen: Int) async {
      let quiet = Logger(label: "night-load-screen") { _ in SwiftLogNoOpLogHandler() }
      let watch = NightWire.encode(PlayerMessage.watch(key: key))
      var reason: String?
      do {
        let frame = try await WebSocketClient.connect(
          url: JoinURL.webSocket(url),
          configuration: Self.connection,
          eventLoopGroup: group, logger: quiet
        ) { inbound, outbound, _ in
          try await outbound.write(.text(watch))
          for try await message in inbound.messages(maxSize: 1 << 20) {
            let now = ContinuousClock.now
            guard case .text(let text) = message else { continue }
            let kind = Timeline.Kind(text)
            self.state.withLock { state in
              let slot = state.question - 1
              state.screens[screen].messages += 1
              state.screens[screen].bytes += text.utf8.count
              if text.hasPrefix("{\"stage\":") { state.screens[screen].watching = true }
              guard state.screens[screen].questionAt.indices.contains(slot) else { return }
              switch kind {
              case .question:
                state.screens[screen].questionStages[slot] += 1
                if state.screens[screen].questionAt[slot] == nil { state.screens[screen].questionAt[slot] = now }
              case .reveal: state.screens[screen].revealAt[slot] = now
              case .standings: state.screens[screen].standingsAt[slot] = now
              default: break
              }
            }
          }
        }
        reason = frame.map { "closed \($0.closeCode): \($0.reason ?? "")" }
      } catch {
        reason = "\(error)"
      }
      state.withLock { state in
        if !state.over { state.failed.append("screen \(screen): \(reason ?? "closed")") }
        state.screens[screen].gone = true
      }
    }
  }
#endif
