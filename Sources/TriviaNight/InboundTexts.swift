#if Night
  import NIOCore
  import NIOWebSocket

  /// A connection's messages read on its event loop as their frames arrive, each handed to
  /// `heard` there: no task wakes for a message (a task and an async sequence a connection cost
  /// a third of the night's CPU, #40). Messages are joined from their frames up to `maxBytes`,
  /// must be UTF-8 text and within the rate; the first that is not ends the connection with the
  /// code RFC 6455 gives it, and nothing after it is read. Control frames (ping, pong, close)
  /// go on to swift-websocket, which answers them.
  final class InboundTexts: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    /// What a connection said, or why it is over.
    enum Heard {
      case text(String)
      case broken(WebSocketErrorCode, reason: String?)
    }

    private let maxBytes: Int
    private var rate: MessageRate
    private let heard: (Heard) -> Void
    /// The message whose last frame has not come yet.
    private var message: ByteBuffer?
    private var ended = false

    init(maxBytes: Int, rate: MessageRate, heard: @escaping (Heard) -> Void) {
      self.maxBytes = maxBytes
      self.rate = rate
      self.heard = heard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let frame = unwrapInboundIn(data)
      switch frame.opcode {
      case .text, .continuation:
        guard !ended else { return }
        read(frame)
      case .binary:
        guard !ended else { return }
        end(.unacceptableData, "Only text messages are accepted.")
      default:
        context.fireChannelRead(data)
      }
    }

    private func read(_ frame: WebSocketFrame) {
      // No extension is agreed, so no reserved bit may be set.
      guard frame.reservedBits.isEmpty else { return end(.protocolError, nil) }
      var data = frame.unmaskedData
      switch (frame.opcode, message) {
      case (.text, nil):
        message = data
      case (.continuation, .some(var joined)):
        // Taken out first, so that adding to it does not copy it.
        message = nil
        joined.writeBuffer(&data)
        message = joined
      default:
        return end(.protocolError, "A message's frames must follow each other.")
      }
      guard let whole = message, whole.readableBytes <= maxBytes else { return end(.messageTooLarge, nil) }
      guard frame.fin else { return }
      message = nil
      guard let text = String(validating: whole.readableBytesView, as: UTF8.self) else {
        return end(.dataInconsistentWithMessage, nil)
      }
      guard rate.allow(at: .now) else {
        let most = "\(rate.perSecond)".replacing(".0", with: "")
        return end(.policyViolation, "Too many messages: at most \(most) a second.")
      }
      heard(.text(text))
    }

    private func end(_ code: WebSocketErrorCode, _ reason: String?) {
      ended = true
      message = nil
      heard(.broken(code, reason: reason))
    }
  }
#endif
