import Glibc

/// A TCP connection to a night that behaves as no WebSocket library would let a client: it
/// asks for a page, stops half-way through a request, or never says anything.
final class RawSocket {
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
    guard connected == 0 else {
      Glibc.close(socket)
      throw Failure("connect: errno \(errno)")
    }
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

  /// The status of the response to the request just made (0 if none came within `within`).
  func status(within: Duration = .seconds(10)) async -> Int {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + within
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline, !String(decoding: received, as: UTF8.self).contains("\r\n") {
      let count = Glibc.read(socket, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) { break }
      if count > 0 { received += buffer[..<count] } else { try? await Task.sleep(for: .milliseconds(5)) }
    }
    let text = String(decoding: received, as: UTF8.self)
    return text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  }
}
