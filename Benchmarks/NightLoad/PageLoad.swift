#if Night
  import Glibc
  import NightRelay

  /// What a phone fetches before it joins: the page at the join URL and its two files, each on
  /// a connection of its own, as a browser without a cache would. Blocking, on a thread of its
  /// own; true when all three came back 200.
  enum PageLoad {
    static func fetch(_ url: String) async -> Bool {
      await withCheckedContinuation { continuation in
        OwnThread.start { continuation.resume(returning: fetchAll(url)) }
      }
    }

    /// `http://127.0.0.1:PORT/CODE` (or ws://): the three paths of its page.
    private static func fetchAll(_ url: String) -> Bool {
      guard let target = try? SwarmTarget(JoinURL.webSocket(url)), let port = UInt16(exactly: target.port) else {
        return false
      }
      let page = target.path
      return [page, page + "/page.css", page + "/page.js"].allSatisfy { get($0, host: target.host, port: port) }
    }

    private static func get(_ path: String, host: String, port: UInt16) -> Bool {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { return false }
      defer { close(descriptor) }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { return false }
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else { return false }
      let request = Array("GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n".utf8)
      guard
        request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
      else { return false }
      var response: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 16_384)
      while true {
        let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { break }
        response += chunk.prefix(got)
      }
      return response.starts(with: Array("HTTP/1.1 200".utf8))
    }
  }
#endif
