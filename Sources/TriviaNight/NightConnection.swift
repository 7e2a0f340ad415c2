import NIOCore
import NightKit

/// One upgraded WebSocket as the server keeps it: where it came from, its socket (to close it
/// hard), its sign of life, and the queue its writer takes frames from in order.
final class NightConnection: Sendable {
  let id: ConnectionID
  let address: String
  let channel: any Channel
  let heard: HeardHandler
  let outbox: AsyncStream<Outgoing>
  let queue: AsyncStream<Outgoing>.Continuation

  init(id: ConnectionID, address: String, channel: any Channel, heard: HeardHandler) {
    self.id = id
    self.address = address
    self.channel = channel
    self.heard = heard
    (outbox, queue) = AsyncStream.makeStream(of: Outgoing.self)
  }
}
