import Glibc

/// A TCP connection to the night that behaves as no WebSocket library would let a client:
/// it stops half-way through a request, never answers a ping, or just reads a status.
final class RawConnection {
  let socket: Int32

  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw TimedOut(description: "connect: errno \(errno)") }
    _ = fcntl(socket, F_SETFL, O_NONBLOCK)
  }

  deinit { Glibc.close(socket) }

  func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(socket, &bytes, bytes.count)
  }

  /// A request for `path`, as a browser (`upgrade` false) or a WebSocket client would make it.
  func request(_ path: String, upgrade: Bool) {
    var lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1"]
    if upgrade {
      lines += [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ]
    }
    send(lines.joined(separator: "\r\n") + "\r\n\r\n")
  }

  /// One masked text frame (the zero mask), as a client must send.
  func sendFrame(_ text: String) {
    var bytes: [UInt8] = [0x81, 0x80 | UInt8(text.utf8.count), 0, 0, 0, 0] + Array(text.utf8)
    _ = write(socket, &bytes, bytes.count)
  }

  /// What arrives within `within`; stops early at end of stream or once `enough` holds.
  func read(within: Duration = .seconds(5), until enough: (String) -> Bool = { _ in false }) async -> (
    text: String, ended: Bool
  ) {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + within
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      let count = Glibc.read(socket, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        return (String(decoding: received, as: UTF8.self), true)
      }
      if count > 0 {
        received += buffer[0..<count]
        if enough(String(decoding: received, as: UTF8.self)) { break }
      } else {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
    return (String(decoding: received, as: UTF8.self), false)
  }

  /// The status of the response to a request just made (0 if none came).
  func status(within: Duration = .seconds(5)) async -> (code: Int, text: String) {
    let (text, _) = await read(within: within) { $0.contains("\r\n\r\n") && $0.hasSuffix("\n") }
    let code = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return (code, text)
  }
}
