#if Night
  import NIOCore
  import NIOWebSocket

  /// What the client's writer is asked to do, in the order asked: a frame, or a close after
  /// everything sent before it. (The server writes its frames on each connection's event loop.)
  enum Outgoing: Sendable {
    case frame(WebSocketFrame)
    case close(WebSocketErrorCode, reason: String?)

    static func text(_ buffer: ByteBuffer) -> Outgoing {
      .frame(WebSocketFrame(fin: true, opcode: .text, data: buffer))
    }
  }
#endif
