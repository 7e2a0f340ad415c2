import Glibc
import LinkSocketShim

/// Receives links for the running game, driven by the game's own event loop: it has no
/// thread and no call of it waits.
///
/// Each turn the loop polls ``descriptors`` together with the keyboard, for at most
/// ``pollTimeout(now:)`` milliseconds, then passes the polled entries (its own or all of
/// them) to ``handle(_:now:)``, which accepts, reads, drops senders past their deadline and
/// returns the links that arrived. The game answers each with ``reply(to:_:)``, at once or
/// after the player answered a guard (`asking` first, then the final status). See
/// ``LinkProtocol`` for what goes over the wire.
///
/// A hostile sender costs the player little: each connection holds at most one message, a
/// sender has ``Limits/silence`` to deliver its line, at most ``Limits/connections`` are open
/// and the rest are refused, and a burst is accepted a few at a time so the keyboard gets its
/// turn in between.
public final class LinkServer {
  /// Whether this game listens, or another one already does.
  public enum Claim {
    case claimed(LinkServer)
    case taken(LinkOwner)
  }

  /// What senders may take of the game.
  public struct Limits: Sendable {
    /// From connecting to the end of the line.
    public var silence: Duration
    /// Open at once, waiting replies included.
    public var connections: Int
    /// Accepted per turn of the loop.
    public var acceptsPerTurn: Int

    public init(silence: Duration = .seconds(2), connections: Int = 64, acceptsPerTurn: Int = 16) {
      self.silence = silence
      self.connections = connections
      self.acceptsPerTurn = acceptsPerTurn
    }
  }

  public var location: LinkLocation { listener.location }
  private let listener: LinkListener
  private let limits: Limits
  private let uid = getuid()
  private var connections: [UInt64: LinkConnection] = [:]
  private var ids: [Int32: UInt64] = [:]
  private var lastID: UInt64 = 0
  private var buffer = [UInt8](repeating: 0, count: LinkProtocol.maximumMessageBytes)
  private var stopped = false

  private init(listener: LinkListener, limits: Limits) {
    self.listener = listener
    self.limits = limits
  }

  deinit { stop() }

  /// Listens at `location`, replacing a socket a killed game left; or names the game that
  /// listens there, which then receives the links.
  public static func claim(_ location: LinkLocation, limits: Limits = Limits()) throws(LinkError) -> Claim {
    switch try LinkListener.claim(location) {
    case .claimed(let listener): .claimed(LinkServer(listener: listener, limits: limits))
    case .taken(let owner): .taken(owner)
    }
  }

  /// Connections open, waiting replies included.
  public var connectionCount: Int { connections.count }

  /// What to poll: the listener, senders still writing for input, and senders waiting for a
  /// reply for nothing but their hanging up (poll reports that unasked).
  public var descriptors: [pollfd] {
    guard !stopped else { return [] }
    return [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
      + connections.values.map { pollfd(fd: $0.descriptor, events: $0.awaitsReply ? 0 : Int16(POLLIN), revents: 0) }
  }

  /// When the next silent sender is due to be dropped.
  public var nextDeadline: ContinuousClock.Instant? { connections.values.compactMap(\.deadline).min() }

  /// The poll timeout that wakes the loop for ``nextDeadline``: milliseconds rounded up, -1 for none.
  public func pollTimeout(now: ContinuousClock.Instant = .now) -> Int32 {
    nextDeadline.map { UnixSocket.pollTimeout($0 - now) } ?? -1
  }

  /// Handles what poll found ready (entries not the server's are passed over), then
  /// ``tick(now:)``; the links that arrived, each awaiting ``reply(to:_:)``.
  public func handle(_ polled: some Sequence<pollfd>, now: ContinuousClock.Instant = .now) -> [LinkRequest] {
    var requests: [LinkRequest] = []
    var listenerReady = false
    for entry in polled where entry.revents != 0 && !stopped {
      if entry.fd == listener.descriptor {
        listenerReady = true
      } else if let id = ids[entry.fd], let request = service(id, events: entry.revents) {
        requests.append(request)
      }
    }
    // Accepted last: a descriptor closed above may be reused, and not by an entry read here.
    if listenerReady { accept(now: now) }
    tick(now: now)
    return requests
  }

  /// Drops the senders that did not finish their line by their deadline, telling them why.
  public func tick(now: ContinuousClock.Instant = .now) {
    let late = connections.values.filter { $0.deadline.map { $0 <= now } ?? false }
    for connection in late {
      finish(connection.id, LinkReply(.refused, "no link within \(LinkProtocol.seconds(limits.silence))"))
    }
  }

  /// Answers `request`; a final status closes its connection. False when the sender is gone
  /// (it hung up or timed out) or was already answered.
  @discardableResult
  public func reply(to request: LinkRequest, _ reply: LinkReply) -> Bool {
    guard let connection = connections[request.id], connection.awaitsReply else { return false }
    guard UnixSocket.send(connection.descriptor, reply.wireBytes) else {
      close(request.id)
      return false
    }
    if reply.status.isFinal { close(request.id) }
    return true
  }

  /// Whether the sender of `request` still waits for its answer: false once it hung up.
  public func isWaiting(_ request: LinkRequest) -> Bool {
    guard let connection = connections[request.id], connection.awaitsReply else { return false }
    var entry = pollfd(fd: connection.descriptor, events: 0, revents: 0)
    guard poll(&entry, 1, 0) == 0 else {
      close(request.id)
      return false
    }
    return true
  }

  /// Stops listening: senders still connected are told, and the socket's path is removed
  /// while it is still this game's.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    for id in connections.keys { finish(id, LinkReply(.refused, "the game closed")) }
    listener.close()
  }

  /// Reads from a sender still writing, or drops one that hung up while waiting.
  private func service(_ id: UInt64, events: Int16) -> LinkRequest? {
    guard var connection = connections[id] else { return nil }
    if connection.awaitsReply {
      if events & Int16(POLLHUP | POLLERR) != 0 { close(id) }
      return nil
    }
    let count = Glibc.read(connection.descriptor, &buffer, buffer.count)
    if count < 0 {
      if errno != EAGAIN && errno != EINTR { close(id) }
      return nil
    }
    let outcome = count == 0 ? connection.reader.end() : connection.reader.read(buffer[..<count])
    switch outcome {
    case nil:
      // Closed without a byte: a probe asking who listens.
      if count == 0 { close(id) } else { connections[id] = connection }
      return nil
    case .link(let link):
      connection.deadline = nil
      connections[id] = connection
      return LinkRequest(id: id, link: link)
    case .refused(let refusal):
      finish(id, LinkReply(.refused, refusal.reason))
      return nil
    }
  }

  private func accept(now: ContinuousClock.Instant) {
    for _ in 0..<limits.acceptsPerTurn {
      let descriptor = trivia_link_accept(listener.descriptor)
      // EAGAIN: none left. EMFILE and the like: poll says ready again next turn.
      guard descriptor >= 0 else { return }
      guard let peer = UnixSocket.peer(of: descriptor), peer.uid == uid else {
        refuse(descriptor, "this game takes links from its own user only")
        continue
      }
      guard connections.count < limits.connections else {
        refuse(descriptor, "busy: too many links at once")
        continue
      }
      lastID += 1
      connections[lastID] = LinkConnection(id: lastID, descriptor: descriptor, deadline: now + limits.silence)
      ids[descriptor] = lastID
    }
  }

  private func refuse(_ descriptor: Int32, _ reason: String) {
    UnixSocket.send(descriptor, LinkReply(.refused, reason).wireBytes)
    Glibc.close(descriptor)
  }

  private func finish(_ id: UInt64, _ reply: LinkReply) {
    guard let connection = connections[id] else { return }
    UnixSocket.send(connection.descriptor, reply.wireBytes)
    close(id)
  }

  private func close(_ id: UInt64) {
    guard let connection = connections.removeValue(forKey: id) else { return }
    ids[connection.descriptor] = nil
    Glibc.close(connection.descriptor)
  }
}
