import NIOCore
import NIOWebSocket

/// What a connection's writer is asked to do, in the order asked: a text frame built once
/// for every receiver of a fan-out, or a close after everything sent before it.
enum Outgoing: Sendable {
  case frame(WebSocketFrame)
  case close(WebSocketErrorCode, reason: String?)

  static func text(_ buffer: ByteBuffer) -> Outgoing {
    .frame(WebSocketFrame(fin: true, opcode: .text, data: buffer))
  }
}
