import NIOCore

/// First in a connection's pipeline: writes a server's frames already in their bytes on the
/// wire (`WireFrame`) straight to the socket, past the WebSocket encoder and every handler
/// behind it. A message every player gets is framed once and its one buffer written to each
/// socket; through the encoder, each socket cost a header of its own and a boxed frame at each
/// handler. Used on its event loop only.
final class FrameWriter: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private var context: ChannelHandlerContext?

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    self.context = nil
  }

  /// Writes `frame`'s bytes and flushes them: each message is a whole frame, so a peer reads
  /// it at once.
  func write(_ frame: ByteBuffer) {
    context?.writeAndFlush(NIOAny(frame), promise: nil)
  }
}
