import Foundation
import Glibc

/// A TCP connection to a night that behaves as no WebSocket library would let a client: it
/// asks for a page, stops half-way through a request, or never says anything. Sendable as
/// one thread at a time uses it: the test's, or the one timing a response.
final class RawSocket: @unchecked Sendable {
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

  /// Asks for `path` and waits for the response's status on a thread of its own, so the time
  /// it took is the server's and not the test's wait for a turn: the status (0 if none came
  /// within `within`) and the time from the request to it.
  func status(of path: String, upgrade: Bool, within: Duration = .seconds(30)) async -> (code: Int, took: Duration) {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { [self] in
        let began = ContinuousClock.now
        request(path, upgrade: upgrade)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < began + within, !received.contains(UInt8(ascii: "\n")) {
          var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
          guard poll(&entry, 1, 100) > 0 else { continue }
          let count = read(socket, &buffer, buffer.count)
          guard count > 0 else { break }
          received += buffer[..<count]
        }
        let took = ContinuousClock.now - began
        let code = String(decoding: received, as: UTF8.self).split(separator: " ").dropFirst().first.flatMap { Int($0) }
        continuation.resume(returning: (code ?? 0, took))
      }
    }
  }
}
