#if Night
  import Glibc

  extension NightServer {
    /// The addresses players can use: each interface's IPv4, loopback last; for a specific
    /// `bind`, just it.
    public static func addresses(bind: String?) -> [String] {
      if let bind, bind != "0.0.0.0" { return [bind] }
      var list: UnsafeMutablePointer<ifaddrs>?
      guard getifaddrs(&list) == 0, let first = list else { return ["127.0.0.1"] }
      defer { freeifaddrs(list) }
      var outside: [String] = []
      var loopback: [String] = []
      for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
        let flags = Int32(bitPattern: entry.pointee.ifa_flags)
        guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
          flags & Int32(IFF_UP) != 0
        else { continue }
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        var ip = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
        guard inet_ntop(AF_INET, &ip, &text, socklen_t(text.count)) != nil else { continue }
        let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if flags & Int32(IFF_LOOPBACK) != 0 {
          if !loopback.contains(name) { loopback.append(name) }
        } else if !outside.contains(name) {
          outside.append(name)
        }
      }
      return outside + loopback
    }
  }
#endif
