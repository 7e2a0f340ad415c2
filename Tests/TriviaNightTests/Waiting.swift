#if Night
  import Glibc
  import NightKit
  import TriviaNight

  /// Waits as the terminal does, on a descriptor, but without blocking a thread of the
  /// concurrency pool (NIO's handlers run there): poll with no timeout, then sleep a little.
  func readable(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, 0) > 0
  }

  struct TimedOut: Error, CustomStringConvertible {
    let description: String
  }

  /// Drains `server` until `done` holds for everything drained so far, or `within` passes.
  @discardableResult
  func events(
    of server: NightServer, within: Duration = .seconds(15), until done: ([ServerEvent]) -> Bool
  ) async throws -> [ServerEvent] {
    var seen: [ServerEvent] = []
    let deadline = ContinuousClock.now + within
    while !done(seen) {
      guard ContinuousClock.now < deadline else { throw TimedOut(description: "server saw only \(seen)") }
      if readable(server.descriptor) { seen += server.drain() } else { try await Task.sleep(for: .milliseconds(5)) }
    }
    return seen
  }

  /// Drains `client` until `done` holds for everything drained so far, or `within` passes.
  @discardableResult
  func events(
    of client: NightClient, within: Duration = .seconds(15), until done: ([ClientEvent]) -> Bool
  ) async throws -> [ClientEvent] {
    var seen: [ClientEvent] = []
    let deadline = ContinuousClock.now + within
    while !done(seen) {
      guard ContinuousClock.now < deadline else { throw TimedOut(description: "client saw only \(seen)") }
      if readable(client.descriptor) { seen += client.drain() } else { try await Task.sleep(for: .milliseconds(5)) }
    }
    return seen
  }

  extension [ServerEvent] {
    var opened: [ConnectionID] {
      compactMap { if case .opened(let id, _) = $0 { id } else { nil } }
    }
    var closed: [ConnectionID] {
      compactMap { if case .closed(let id) = $0 { id } else { nil } }
    }
    func texts(from id: ConnectionID) -> [String] {
      compactMap { if case .text(id, let text) = $0 { text } else { nil } }
    }
  }

  extension [ClientEvent] {
    var texts: [String] { compactMap { if case .text(let text) = $0 { text } else { nil } } }
    var closeReason: String? { lazy.compactMap { if case .closed(let reason) = $0 { reason } else { nil } }.first }
  }
#endif
