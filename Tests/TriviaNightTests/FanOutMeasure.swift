#if Night
  import Glibc
  import NightKit
  import Testing
  import TriviaNight

  /// How long a fan-out to a thousand loopback clients takes: `TRIVIA_NIGHT_FANOUT=1000 swift test
  /// --filter FanOutMeasure`. Off by default: it opens two thousand sockets.
  @Suite(.serialized, .enabled(if: getenv("TRIVIA_NIGHT_FANOUT") != nil))
  struct FanOutMeasure {
    @Test func everyClientGetsTheQuestion() async throws {
      let count = getenv("TRIVIA_NIGHT_FANOUT").flatMap { Int(String(cString: $0)) } ?? 1000
      var limits = NightLimits()
      limits.maxConnections = count + 10
      limits.joinWithin = .seconds(120)
      let server = try await NightServer.start(code: "K7WQ3M", bind: "127.0.0.1", port: 0, limits: limits)
      let url = "http://127.0.0.1:\(server.port)/K7WQ3M"
      var clients: [NightClient] = []
      var opened: [ConnectionID] = []
      for _ in 0..<count {
        clients.append(NightClient.connect(url: url))
        // A few at a time, as players arrive, not a thousand handshakes at once.
        if clients.count.isMultiple(of: 50) {
          opened += try await events(of: server, within: .seconds(30)) { $0.opened.count == 50 }.opened
        }
      }
      opened += try await events(of: server, within: .seconds(30)) { $0.opened.count == count - opened.count }.opened
      for client in clients { _ = client.drain() }

      let question = #"{"question":"Which planet is largest?","options":["Mars","Jupiter","Venus","Earth"]}"#
      let began = ContinuousClock.now
      server.send(question, to: opened)
      let returned = ContinuousClock.now - began
      var waiting = Set(0..<count)
      var arrivals: [Duration] = []
      while !waiting.isEmpty {
        guard ContinuousClock.now - began < .seconds(30) else { break }
        for index in waiting where readable(clients[index].descriptor) {
          if clients[index].drain().contains(.text(question)) {
            waiting.remove(index)
            arrivals.append(ContinuousClock.now - began)
          }
        }
        try await Task.sleep(for: .milliseconds(1))
      }
      arrivals.sort()
      #expect(waiting.isEmpty)
      if !arrivals.isEmpty {
        print(
          "fan-out to \(count): send returned after \(returned), p50 \(arrivals[arrivals.count / 2]),",
          "p99 \(arrivals[arrivals.count * 99 / 100]), last \(arrivals.last!)")
      }
      await server.stop()
    }
  }
#endif
