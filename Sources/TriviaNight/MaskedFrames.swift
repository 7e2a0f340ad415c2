#if Night
  import NIOCore

  /// Fails a WebSocket whose client sends a frame unmasked, with 1002 (protocol error), as RFC
  /// 6455 (5.1) requires of a server. NIO's frame decoder keeps a frame's mask but checks none,
  /// and swift-websocket hands the night frames without it, so the check is made here, on the
  /// bytes: each frame's header is read as it passes, its payload skipped. Added behind the
  /// upgrade handler while it decides, this stands in front of the decoder the upgrade adds, and
  /// sees the stream from its first byte (what came with the request is replayed through it).
  final class MaskedFrames: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The header of the frame being read, once its second byte says how long it is.
    private var header: [UInt8] = []
    /// What is left of the current frame's payload.
    private var payloadLeft: UInt64 = 0
    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      guard !failed else { return }
      var bytes = unwrapInboundIn(data).readableBytesView[...]
      while !bytes.isEmpty {
        if payloadLeft > 0 {
          let skipped = Int(min(UInt64(bytes.count), payloadLeft))
          bytes = bytes.dropFirst(skipped)
          payloadLeft -= UInt64(skipped)
          continue
        }
        header.append(bytes.removeFirst())
        guard header.count >= 2 else { continue }
        guard header[1] & 0x80 != 0 else { return fail(context) }
        let short = header[1] & 0x7F
        let lengthBytes = short == 126 ? 2 : short == 127 ? 8 : 0
        guard header.count == 2 + lengthBytes + 4 else { continue }
        payloadLeft = header[2..<2 + lengthBytes].reduce(lengthBytes == 0 ? UInt64(short) : 0) { $0 << 8 | UInt64($1) }
        header.removeAll(keepingCapacity: true)
      }
      context.fireChannelRead(data)
    }

    /// A close frame with 1002, written as it goes on the wire (a server's frames are not
    /// masked), then the socket closed: nothing more of this peer's is read.
    private func fail(_ context: ChannelHandlerContext) {
      failed = true
      let reason = Array("Frames from a client must be masked.".utf8)
      let frame: [UInt8] = [0x88, UInt8(2 + reason.count), 0x03, 0xEA] + reason
      context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: frame))).assumeIsolated().whenComplete { _ in
        context.close(promise: nil)
      }
    }
  }
#endif
