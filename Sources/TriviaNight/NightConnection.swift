import NIOCore
import NightKit

/// One upgraded WebSocket as the server keeps it: where it came from, its socket (to close it
/// hard), its sign of life, where its framed messages are written on its event loop, and the
/// queue its writer takes a close from after what was written.
final class NightConnection: Sendable {
  let id: ConnectionID
  let address: String
  let channel: any Channel
  let heard: HeardHandler
  let frames: NIOLoopBound<FrameWriter>
  let outbox: AsyncStream<Outgoing>
  let queue: AsyncStream<Outgoing>.Continuation

  init(
    id: ConnectionID, address: String, channel: any Channel, heard: HeardHandler, frames: NIOLoopBound<FrameWriter>
  ) {
    self.id = id
    self.address = address
    self.channel = channel
    self.heard = heard
    self.frames = frames
    (outbox, queue) = AsyncStream.makeStream(of: Outgoing.self)
  }
}
