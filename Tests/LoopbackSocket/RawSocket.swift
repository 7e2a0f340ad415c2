import Glibc

/// A TCP connection to a night on 127.0.0.1 that behaves as no WebSocket library would let a
/// client: it asks for a page, stops half-way through a request, never answers a ping, or
/// never says anything. Non-blocking. Sendable as one thread at a time uses it: the test's, or
/// the one timing a response.
public final class RawSocket: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public let socket: Int32

  /// Connects to `port` on 127.0.0.1 from `source`, another loopback address when a test needs
  /// a second client machine (127.0.0.0/8 is all loopback).
  public init(port: Int, from source: String = "127.0.0.1") throws(Failure) {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else {
      Glibc.close(socket)
      throw Failure(description: "bind \(source): errno \(errno)")
    }
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
      throw Failure(description: "connect: errno \(errno)")
    }
    _ = fcntl(socket, F_SETFL, O_NONBLOCK)
  }

  deinit { Glibc.close(socket) }

  public func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(socket, &bytes, bytes.count)
  }

  /// A request for `path`, as a browser (`upgrade` false) or a WebSocket client would make it.
  public func request(_ path: String, upgrade: Bool) {
    var lines = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1"]
    if upgrade {
      lines += [
        "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ]
    }
    send(lines.joined(separator: "\r\n") + "\r\n\r\n")
  }

  /// One frame as any client could send it, of under 126 bytes: masked (with the zero mask) or
  /// not, as RFC 6455 forbids.
  public func sendFrame(opcode: UInt8, _ payload: [UInt8], masked: Bool = true) {
    var bytes: [UInt8] = [0x80 | opcode, (masked ? 0x80 : 0) | UInt8(payload.count)] + (masked ? [0, 0, 0, 0] : [])
    bytes += payload
    _ = write(socket, &bytes, bytes.count)
  }

  /// What arrives within `within`, as bytes; stops early at end of stream or once `enough` holds.
  public func readBytes(within: Duration = .seconds(5), until enough: ([UInt8]) -> Bool = { _ in false }) async -> (
    bytes: [UInt8], ended: Bool
  ) {
    var received: [UInt8] = []
    let deadline = ContinuousClock.now + within
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      let count = Glibc.read(socket, &buffer, buffer.count)
      if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        return (received, true)
      }
      if count > 0 {
        received += buffer[0..<count]
        if enough(received) { break }
      } else {
        try? await Task.sleep(for: .milliseconds(5))
      }
    }
    return (received, false)
  }

  /// The code of the close frame that came after an upgrade's 101, if one came within 5 s.
  public func closeCode() async -> Int? {
    let (bytes, _) = await readBytes { bytes in bytes.firstIndex(of: 0x88).map { bytes.count >= $0 + 4 } ?? false }
    guard let close = bytes.firstIndex(of: 0x88), bytes.count >= close + 4 else { return nil }
    return Int(bytes[close + 2]) << 8 | Int(bytes[close + 3])
  }
}
