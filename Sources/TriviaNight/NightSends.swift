#if Night
  import NIOCore
  import NightKit

  /// Texts for connections, framed as they are added and written together by
  /// `NightServer.send(_:)`: a connection sent several at once (its verdict and the question's
  /// reveal) writes them with one system call. A text for many is framed once, its bytes shared.
  public struct NightSends: Sendable {
    var frames: [(ConnectionID, ByteBuffer)] = []

    public init() {}

    public var isEmpty: Bool { frames.isEmpty }

    /// One text to every connection named.
    public mutating func add(_ text: String, to receivers: [ConnectionID]) {
      let frame = WireFrame.text(text)
      frames.reserveCapacity(frames.count + receivers.count)
      for receiver in receivers { frames.append((receiver, frame)) }
    }

    /// Each connection its own text.
    public mutating func add(each personal: [(ConnectionID, String)]) {
      for (receiver, text) in personal { frames.append((receiver, WireFrame.text(text))) }
    }
  }
#endif
