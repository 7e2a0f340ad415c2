#if Night
  import NIOCore
  import NIOHTTP1

  /// Runs `then` on the pipeline the moment its WebSocket upgrade completes, before a byte of the
  /// WebSocket is read (what came with the request is replayed after), then leaves the pipeline.
  /// Added behind the upgrade handler while it decides: a handler added later, from a task, would
  /// miss the frames that came first.
  final class AfterUpgrade: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let then: @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void

    init(then: @escaping @Sendable (ChannelPipeline.SynchronousOperations) throws -> Void) {
      self.then = then
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      if event is HTTPServerUpgradeEvents {
        do {
          try then(context.pipeline.syncOperations)
        } catch {
          context.close(promise: nil)
        }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
      }
      context.fireUserInboundEventTriggered(event)
    }
  }
#endif
