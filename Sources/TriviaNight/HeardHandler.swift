#if Night
  import NIOCore
  import Synchronization

  /// First in a connection's pipeline, so any bytes from the peer, a pong included (which the
  /// WebSocket layer answers without telling us), count as a sign of life.
  final class HeardHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let lastHeard: Mutex<ContinuousClock.Instant>

    init() { lastHeard = Mutex(.now) }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      lastHeard.withLock { $0 = .now }
      context.fireChannelRead(data)
    }

    var silence: Duration { .now - lastHeard.withLock { $0 } }
  }
#endif
