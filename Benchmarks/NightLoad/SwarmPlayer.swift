#if Night
  import NIOCore
  import NIOWebSocket

  /// One player once its WebSocket is open, run by its event loop as the host runs its own side:
  /// it joins, times each message before anything else is done with it, answers a question at a
  /// random moment of its time (but player 0, which never answers, so each question runs to its
  /// deadline), pings every 10 s as `trivia join`'s client does, answers pings, and echoes a
  /// close. No task wakes for a message: on the same two cores as the host, a task a player cost
  /// this generator half its CPU.
  final class SwarmPlayer: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let player: Int
    private let timeline: Timeline
    private let limit: Duration
    /// Each question's two answers, encoded before the night.
    private let answers: [[String]]
    private let join: String
    /// A message's frames so far, when the server split one.
    private var message: ByteBuffer?
    /// The server's close, as `ended` reports it.
    private var closedBy: String?
    private var answering: Scheduled<Void>?
    private var pinging: Scheduled<Void>?

    init(player: Int, timeline: Timeline, limit: Duration, answers: [[String]], join: String) {
      self.player = player
      self.timeline = timeline
      self.limit = limit
      self.answers = answers
      self.join = join
    }

    /// Sent down the pipeline once the upgrade is over: the player joins.
    struct Join {}

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
      guard event is Join else { return context.fireUserInboundEventTriggered(event) }
      send(join, context: context)
      pingLater(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
      let now = ContinuousClock.now
      let frame = unwrapInboundIn(data)
      switch frame.opcode {
      case .text where frame.fin:
        heard(frame.unmaskedData, at: now, context: context)
      case .text:
        message = frame.unmaskedData
      case .continuation:
        guard var whole = message.take() else { return }
        var more = frame.unmaskedData
        whole.writeBuffer(&more)
        if frame.fin { heard(whole, at: now, context: context) } else { message = whole }
      case .ping:
        write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.unmaskedData), context: context)
      case .connectionClose:
        var data = frame.unmaskedData
        let code = data.readWebSocketErrorCode().map { "\($0)" } ?? "no code"
        closedBy = "closed \(code): \(data.readString(length: data.readableBytes) ?? "")"
        var echo = context.channel.allocator.buffer(capacity: 2)
        echo.write(webSocketErrorCode: .normalClosure)
        context.writeAndFlush(
          wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: echo))
        ).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
      default:
        break
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      answering?.cancel()
      pinging?.cancel()
      timeline.ended(player, reason: closedBy)
      context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
      closedBy = closedBy ?? "\(error)"
      context.close(promise: nil)
    }

    private func heard(_ buffer: ByteBuffer, at now: ContinuousClock.Instant, context: ChannelHandlerContext) {
      guard let question = timeline.heard(buffer, by: player, at: now), player != 0 else { return }
      let answer = answers[question - 1][Int.random(in: 0...1)]
      let delay = limit * Double.random(in: 0.05...0.8)
      let (seconds, attoseconds) = delay.components
      answering = context.eventLoop.assumeIsolated().scheduleTask(
        in: .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
      ) { [self] in
        send(answer, context: context)
      }
    }

    private func pingLater(context: ChannelHandlerContext) {
      pinging = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(10)) { [self] in
        let empty = context.channel.allocator.buffer(capacity: 0)
        write(WebSocketFrame(fin: true, opcode: .ping, maskKey: .random(), data: empty), context: context)
        pingLater(context: context)
      }
    }

    private func send(_ text: String, context: ChannelHandlerContext) {
      let data = context.channel.allocator.buffer(string: text)
      write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: data), context: context)
    }

    private func write(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
      context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
    }
  }
#endif
