import NIOCore
import NIOWebSocket

/// What a connection's writer is asked to do, in the order asked: a frame, or a close after
/// everything sent before it. (The server writes its texts on the connection's event loop
/// instead; the client's go through its writer.)
enum Outgoing: Sendable {
  case frame(WebSocketFrame)
  case close(WebSocketErrorCode, reason: String?)

  static func text(_ buffer: ByteBuffer) -> Outgoing {
    .frame(WebSocketFrame(fin: true, opcode: .text, data: buffer))
  }
}
