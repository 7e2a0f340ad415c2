#if Night
  import NIOCore

  /// Closes an SSH connection on any error (a client that spoke no SSH, a bad packet): it has no
  /// one to tell, and NIO would otherwise only log it.
  final class ConnectionErrors: ChannelInboundHandler, Sendable {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }
#endif
