#if Night
  import NIOCore

  /// On the listening socket: asks `admit` whether each accepted connection may stay (its
  /// address's share of the sockets that have not joined), gives it `silentAfter` before asking
  /// `isExcess` whether it went silent past its address's share, and `joinWithin` to send its first
  /// message, closing it otherwise. Hummingbird's idle timeout starts only once a request's head is
  /// read, so without this a socket that never finishes its request would stay.
  final class AcceptWatch: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    let within: Duration
    let silentAfter: Duration
    let admit: @Sendable (any Channel) -> Bool
    let isExcess: @Sendable (ObjectIdentifier) -> Bool
    let hasSpoken: @Sendable (ObjectIdentifier) -> Bool
    let closed: @Sendable (ObjectIdentifier) -> Void

    init(
      within: Duration, silentAfter: Duration, admit: @escaping @Sendable (any Channel) -> Bool,
      isExcess: @escaping @Sendable (ObjectIdentifier) -> Bool,
      hasSpoken: @escaping @Sendable (ObjectIdentifier) -> Bool,
      closed: @escaping @Sendable (ObjectIdentifier) -> Void
    ) {
      self.within = within
      self.silentAfter = silentAfter
      self.admit = admit
      self.isExcess = isExcess
      self.hasSpoken = hasSpoken
      self.closed = closed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let child = unwrapInboundIn(data)
      let id = ObjectIdentifier(child)
      guard admit(child) else {
        child.close(promise: nil)
        return
      }
      let (hasSpoken, isExcess, closed) = (hasSpoken, isExcess, closed)
      child.closeFuture.whenComplete { _ in closed(id) }
      context.eventLoop.scheduleTask(in: .nanoseconds(Int64(silentAfter.nanoseconds))) {
        if isExcess(id) { child.close(promise: nil) }
      }
      context.eventLoop.scheduleTask(in: .nanoseconds(Int64(within.nanoseconds))) {
        if !hasSpoken(id) { child.close(promise: nil) }
      }
      context.fireChannelRead(data)
    }
  }

  extension Duration {
    var nanoseconds: Int64 {
      let (seconds, attoseconds) = components
      return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
  }
#endif
