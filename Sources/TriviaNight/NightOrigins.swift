#if Night
  import Glibc

  /// Which pages may open the night's WebSocket. A browser names the page a socket is opened from
  /// in `Origin`, whatever that page is: without this check a page anywhere (`http://evil.example`,
  /// a sandboxed frame's `null`) could play the night through a visitor's browser on the LAN.
  ///
  /// Let in: no Origin (a program, not a page); a `ws:` or `wss:` origin, which no page has and
  /// swift-websocket's client (`trivia-night connect`, under `trivia join`) sends, naming its
  /// socket's own address; and a page served from the night's own addresses: each it listens on,
  /// with its port, `localhost`, the balancer's host at any port (it may serve https in front), and
  /// the request's own Host when that is an IP address (reached through a NAT or a container's
  /// published port the interfaces do not list). A Host that is a name is not enough: a DNS
  /// rebinding page (a name of the attacker's, pointed at the night) has one.
  struct NightOrigins: Sendable {
    /// `host:port`, lowercased, IPv6 in brackets.
    var authorities: Set<String> = []
    /// Hosts let in at any port: the balancer's.
    var hosts: Set<String> = []

    /// The addresses the night listens on, at `port`.
    init(addresses: [String], port: Int) {
      for address in addresses + ["localhost"] {
        authorities.insert(Self.authority(host: address.contains(":") ? "[\(address)]" : address, port: port))
      }
    }

    /// Lets in pages from the host of `url` (`http://night.example.org/CODE`), at any port: the
    /// balancer's, where an edge's players join. A host the night listens on keeps to its port.
    mutating func allow(pagesOf url: String) {
      guard let range = url.firstRange(of: "://") else { return }
      let authority = url[range.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      guard let (_, host, _) = Self.split(String(url[..<range.upperBound] + authority)),
        !authorities.contains(where: { $0.hasPrefix(host + ":") })
      else { return }
      hosts.insert(host)
    }

    /// Whether a WebSocket may open with `origin` (the header as sent, nil when absent), asked
    /// of a server reached as `host` (the request's Host).
    func allows(_ origin: String?, host: String?) -> Bool {
      guard let origin else { return true }
      guard let (scheme, name, port) = Self.split(origin) else { return false }
      switch scheme {
      case "ws", "wss": return true
      case "http", "https": break
      default: return false
      }
      if authorities.contains(Self.authority(host: name, port: port)) || hosts.contains(name) { return true }
      guard let host, Self.isAddress(name), let (reached, reachedPort) = Self.split(authority: host, scheme: scheme)
      else { return false }
      return reached == name && reachedPort == port
    }

    /// An origin's scheme, host and port (the scheme's own when none is given), lowercased; nil
    /// for `null` or anything that is not `scheme://host[:port]`.
    static func split(_ origin: String) -> (scheme: String, host: String, port: Int)? {
      guard let range = origin.firstRange(of: "://") else { return nil }
      let scheme = origin[..<range.lowerBound].lowercased()
      guard let (host, port) = split(authority: String(origin[range.upperBound...]), scheme: scheme) else { return nil }
      return (scheme, host, port)
    }

    /// `host[:port]` as a host and a port, `scheme`'s own when none is given.
    static func split(authority: String, scheme: String) -> (host: String, port: Int)? {
      let text = authority.lowercased()
      let hostEnd = text.hasPrefix("[") ? text.firstIndex(of: "]").map(text.index(after:)) : text.firstIndex(of: ":")
      let host = String(text[..<(hostEnd ?? text.endIndex)])
      let rest = text[(hostEnd ?? text.endIndex)...]
      guard !host.isEmpty, !host.contains("/"), !host.contains("@") else { return nil }
      if rest.isEmpty { return (host, scheme == "https" || scheme == "wss" ? 443 : 80) }
      guard rest.first == ":", let port = Int(rest.dropFirst()), (1...65535).contains(port) else { return nil }
      return (host, port)
    }

    static func authority(host: String, port: Int) -> String { "\(host.lowercased()):\(port)" }

    /// An IPv4 address, or an IPv6 one in brackets: never a name DNS could point elsewhere.
    static func isAddress(_ host: String) -> Bool {
      var bytes = in6_addr()
      if host.hasPrefix("["), host.hasSuffix("]") {
        return inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &bytes) == 1
      }
      return inet_pton(AF_INET, host, &bytes) == 1
    }
  }
#endif
