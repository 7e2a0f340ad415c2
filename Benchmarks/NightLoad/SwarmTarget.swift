#if Night
  import NIOHTTP1

  /// Where a player's WebSocket goes, from a `ws://HOST:PORT/PATH` join URL, and the upgrade
  /// request it opens with: the headers `trivia join`'s client sends.
  struct SwarmTarget {
    let host: String
    let port: Int
    /// The night's page, `/CODE`.
    let path: String
    let request: HTTPRequestHead

    init(_ url: String) throws {
      guard url.hasPrefix("ws://") else { throw LoadFailure("not a ws:// URL: \(url)") }
      let rest = url.dropFirst("ws://".count)
      let authority = rest.prefix { $0 != "/" }
      guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[colon...].dropFirst()) else {
        throw LoadFailure("no port in \(url)")
      }
      host = String(authority[..<colon])
      self.port = port
      let path = rest.dropFirst(authority.count)
      self.path = path.isEmpty ? "/" : String(path)
      var headers = HTTPHeaders()
      headers.add(name: "Host", value: String(authority))
      headers.add(name: "Origin", value: "ws://\(host)")
      request = HTTPRequestHead(version: .http1_1, method: .GET, uri: self.path, headers: headers)
    }
  }
#endif
