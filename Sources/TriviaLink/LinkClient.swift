import Glibc

/// The sender's side, for `trivia --open LINK` while a game runs: delivers the link and
/// waits for what the game did with it.
public enum LinkClient {
  /// How a delivery ended.
  public enum Result: Equatable, Sendable, CustomStringConvertible {
    /// The game's final reply.
    case answered(LinkReply)
    /// No game listens (no socket, or one a killed game left): start one instead.
    case noGame
    /// No final reply within the time given.
    case timedOut(Duration)
    /// The connection failed, or the game said something that is not a reply.
    case failed(String)

    /// 0 when the link was followed, 1 otherwise.
    public var exitStatus: Int32 {
      if case .answered(let reply) = self { return reply.status.exitStatus }
      return 1
    }

    public var description: String {
      switch self {
      case .answered(let reply): reply.line
      case .noGame: "no game is running"
      case .timedOut(let timeout): "the game did not answer within \(LinkProtocol.seconds(timeout))"
      case .failed(let message): message
      }
    }
  }

  /// The game listening at `location`, if one does. It sees a connection that says nothing.
  public static func owner(at location: LinkLocation) -> LinkOwner? {
    guard case .owner(let owner) = UnixSocket.probe(location.socketPath) else { return nil }
    return owner
  }

  /// Sends `link` to the game at `location` and reads its reply lines until it closes,
  /// passing each to `onReply` as it comes (an `asking` line arrives while the player
  /// decides). `timeout` counts from the start to the final line. A link that is no message
  /// (several lines, too long) is refused here, never sent.
  public static func send(
    link: String, to location: LinkLocation, timeout: Duration, onReply: (LinkReply) -> Void = { _ in }
  ) -> Result {
    let message = LinkProtocol.message(for: link)
    if case .refused(let refusal) = LinkMessageReader.read(message) {
      let reply = LinkReply(.refused, refusal.reason)
      onReply(reply)
      return .answered(reply)
    }
    let deadline = ContinuousClock.now + timeout
    let descriptor: Int32
    do { descriptor = try UnixSocket.make(nonBlocking: false) } catch { return .failed(error.message) }
    defer { close(descriptor) }
    // A game whose queue of connections is full makes connect wait; this bounds the wait.
    let (seconds, attoseconds) = max(timeout, .milliseconds(1)).components
    var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    switch UnixSocket.connect(descriptor, to: location.socketPath) {
    case 0: break
    case ENOENT, ECONNREFUSED: return .noGame
    case EAGAIN, ETIMEDOUT: return .timedOut(timeout)
    case let code: return .failed(LinkError.system("Cannot reach the game at \(location.socketPath)", code).message)
    }
    // Even when this fails, a refusal may be on its way back: read it.
    UnixSocket.send(descriptor, message)
    shutdown(descriptor, Int32(SHUT_WR))
    return readReplies(descriptor, deadline: deadline, timeout: timeout, onReply: onReply)
  }

  /// The most reply the sender holds before giving up on a game gone wrong.
  static let maximumReplyBytes = 64 * 1024

  private static func readReplies(
    _ descriptor: Int32, deadline: ContinuousClock.Instant, timeout: Duration, onReply: (LinkReply) -> Void
  ) -> Result {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var last: LinkReply?
    while true {
      let left = deadline - .now
      guard left > .zero else { return .timedOut(timeout) }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, UnixSocket.pollTimeout(left)) > 0 else { continue }
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      // End of the reply; ECONNRESET comes after the game's last words when it closed
      // without reading all that was sent.
      if count <= 0 { break }
      pending += chunk[..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let text = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        guard let reply = LinkReply(line: text) else { return .failed("the game answered '\(text.prefix(80))'") }
        onReply(reply)
        last = reply
      }
      guard pending.count <= maximumReplyBytes else { return .failed("the game's reply has no end") }
    }
    guard let last, last.status.isFinal else { return .failed("the game closed the connection without an answer") }
    return .answered(last)
  }
}
