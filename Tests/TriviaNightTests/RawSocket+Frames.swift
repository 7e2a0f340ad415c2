#if Night
  import Glibc
  import LoopbackSocket

  /// What the transport's tests do with a raw connection besides asking: frames and reading.
  extension RawSocket {
    /// One masked text frame (the zero mask), as a client must send.
    func sendFrame(_ text: String) {
      var bytes: [UInt8] = [0x81, 0x80 | UInt8(text.utf8.count), 0, 0, 0, 0] + Array(text.utf8)
      _ = write(socket, &bytes, bytes.count)
    }

    /// One masked frame (the zero mask) of under 126 bytes whose first byte is `first`: FIN,
    /// the reserved bits and the opcode as given, so a test can split a message or break a rule.
    func sendFrame(first: UInt8, _ payload: [UInt8]) {
      var bytes: [UInt8] = [first, 0x80 | UInt8(payload.count), 0, 0, 0, 0] + payload
      _ = write(socket, &bytes, bytes.count)
    }

    /// What arrives within `within`; stops early at end of stream or once `enough` holds.
    func read(within: Duration = .seconds(5), until enough: (String) -> Bool = { _ in false }) async -> (
      text: String, ended: Bool
    ) {
      let (bytes, ended) = await readBytes(within: within) { enough(String(decoding: $0, as: UTF8.self)) }
      return (String(decoding: bytes, as: UTF8.self), ended)
    }

    /// The status of the response to a request just made (0 if none came).
    func status(within: Duration = .seconds(5)) async -> (code: Int, text: String) {
      let (text, _) = await read(within: within) { $0.contains("\r\n\r\n") && $0.hasSuffix("\n") }
      let code = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      return (code, text)
    }
  }
#endif
