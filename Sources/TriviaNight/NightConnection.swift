#if Night
  import NIOCore
  import NIOWebSocket
  import NightKit

  /// One upgraded WebSocket as the server keeps it: where it came from, its socket (to close it
  /// hard), its sign of life, where its framed messages are written on its event loop, and where
  /// a close is asked for.
  final class NightConnection: Sendable {
    let id: ConnectionID
    let address: String
    let channel: any Channel
    let heard: HeardHandler
    let frames: NIOLoopBound<FrameWriter>
    let closes: AsyncStream<(WebSocketErrorCode, reason: String?)>
    let closing: AsyncStream<(WebSocketErrorCode, reason: String?)>.Continuation

    init(
      id: ConnectionID, address: String, channel: any Channel, heard: HeardHandler, frames: NIOLoopBound<FrameWriter>
    ) {
      self.id = id
      self.address = address
      self.channel = channel
      self.heard = heard
      self.frames = frames
      (closes, closing) = AsyncStream.makeStream(of: (WebSocketErrorCode, reason: String?).self)
    }
  }
#endif
