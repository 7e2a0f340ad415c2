import NIOCore

/// On the listening socket: gives every accepted connection `joinWithin` to send its first
/// message, and closes it otherwise. Hummingbird's idle timeout starts only once a request's
/// head is read, so without this a socket that never finishes its request would stay.
final class AcceptWatch: ChannelInboundHandler, Sendable {
  typealias InboundIn = any Channel
  typealias InboundOut = any Channel

  let within: Duration
  let hasSpoken: @Sendable (ObjectIdentifier) -> Bool

  init(within: Duration, hasSpoken: @escaping @Sendable (ObjectIdentifier) -> Bool) {
    self.within = within
    self.hasSpoken = hasSpoken
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let child = unwrapInboundIn(data)
    let hasSpoken = hasSpoken
    context.eventLoop.scheduleTask(in: .nanoseconds(Int64(within.nanoseconds))) {
      if !hasSpoken(ObjectIdentifier(child)) { child.close(promise: nil) }
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
