#if Night
  import NIOCore
  import NIOSSH

  /// The player's side of a session: what the player's terminal shows goes to the client as it
  /// comes; while the client's queue is at its water mark the terminal is not read, so the player
  /// waits on its own terminal and nothing piles up in the host. Its end (EIO once the player has
  /// closed the terminal) ends the session.
  final class TerminalRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: any Channel
    private let owner: NIOLoopBound<SSHSession>

    init(session: any Channel, owner: NIOLoopBound<SSHSession>) {
      self.session = session
      self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      session.write(SSHChannelData(type: .channel, data: .byteBuffer(unwrapInboundIn(data))), promise: nil)
      if !session.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
      session.flush()
    }

    /// The terminal takes input again: so does the session.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
      if context.channel.isWritable { session.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in } }
      context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
      session.flush()
      owner.value.playerEnded(session: session)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      context.close(promise: nil)
    }
  }
#endif
