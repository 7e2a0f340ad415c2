import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 with plain sockets, for tests that must not touch the
/// internet. Each connection is answered on its own thread by `respond`, from the request's
/// path and query; every request target is recorded.
final class LocalHTTPServer: @unchecked Sendable {
  struct Response: Sendable {
    var status = 200
    var body: [UInt8] = []
    /// Seconds to wait before answering.
    var delay: Double = 0
    /// Send the body in chunks without a Content-Length.
    var chunked = false
    var contentType = "application/json"

    init(status: Int = 200, body: [UInt8] = [], delay: Double = 0, chunked: Bool = false) {
      self.status = status
      self.body = body
      self.delay = delay
      self.chunked = chunked
    }

    init(status: Int = 200, json: String, delay: Double = 0) {
      self.init(status: status, body: Array(json.utf8), delay: delay)
    }
  }

  let port: UInt16
  private let listener: Int32
  private let respond: @Sendable (_ target: String) -> Response
  private let lock = NSLock()
  private var targets: [String] = []
  private var stopped = false

  /// The URL of `path` on this server: `http://127.0.0.1:PORT/path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The request targets received so far, such as `/api.php?amount=10`.
  var requests: [String] {
    lock.lock()
    defer { lock.unlock() }
    return targets
  }

  init(respond: @escaping @Sendable (_ target: String) -> Response) throws {
    self.respond = respond
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw DataSourceErrorForTests("socket: \(errno)") }
    var yes: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(socket, 16) == 0 else {
      close(socket)
      throw DataSourceErrorForTests("bind/listen: \(errno)")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    listener = socket
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// Stops accepting connections.
  func stop() {
    lock.lock()
    let wasStopped = stopped
    stopped = true
    lock.unlock()
    guard !wasStopped else { return }
    // Wakes the accept loop, which closes the socket: closing it here could let another
    // server reuse the descriptor while the loop still waits on it.
    shutdown(listener, Int32(SHUT_RDWR))
  }

  private func acceptLoop() {
    while true {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR { continue }
        close(listener)
        return
      }
      Thread.detachNewThread { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    var request: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while !request.contains(subsequence: [0x0D, 0x0A, 0x0D, 0x0A]) {
      let got = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if got <= 0 { return }
      request += chunk[..<got]
    }
    let firstLine = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self)
    let parts = firstLine.split(separator: " ")
    let target = parts.count >= 2 ? String(parts[1]) : "/"
    lock.lock()
    targets.append(target)
    lock.unlock()
    let response = respond(target)
    if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
    var head = "HTTP/1.1 \(response.status) Status\r\nContent-Type: \(response.contentType)\r\nConnection: close\r\n"
    head += response.chunked ? "Transfer-Encoding: chunked\r\n\r\n" : "Content-Length: \(response.body.count)\r\n\r\n"
    guard send(Array(head.utf8), on: connection) else { return }
    if response.chunked {
      var offset = 0
      while offset < response.body.count {
        let piece = Array(response.body[offset..<min(offset + 8192, response.body.count)])
        guard send(Array("\(String(piece.count, radix: 16))\r\n".utf8) + piece + [0x0D, 0x0A], on: connection)
        else { return }
        offset += piece.count
      }
      _ = send(Array("0\r\n\r\n".utf8), on: connection)
    } else {
      _ = send(response.body, on: connection)
    }
  }

  /// Sends everything, or gives up when the client has gone (without a SIGPIPE).
  private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        Glibc.send(connection, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }
}

struct DataSourceErrorForTests: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

extension Array where Element == UInt8 {
  func contains(subsequence: [UInt8]) -> Bool {
    guard count >= subsequence.count else { return false }
    for start in 0...(count - subsequence.count)
    where self[start..<start + subsequence.count].elementsEqual(subsequence) {
      return true
    }
    return false
  }
}
