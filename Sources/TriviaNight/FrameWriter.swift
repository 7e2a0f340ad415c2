#if Night
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

    /// Writes `frame`'s bytes, to be sent at the next `flush`.
    func write(_ frame: ByteBuffer) {
      context?.write(NIOAny(frame), promise: nil)
    }

    /// Sends what was written: each flush is one system call for all of it.
    func flush() {
      context?.flush()
    }
  }
#endif
