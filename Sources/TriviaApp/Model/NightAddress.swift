import ScreenKit

/// Where a night is, as the host's lobby prints it: `http://HOST:PORT/CODE`.
public struct NightAddress: Equatable, Sendable {
  public var host: String
  public var port: Int
  public var code: String

  /// Nil unless `text` is an http address with a host, a port and a code: a person types it,
  /// so a missing `http://` and a trailing slash are forgiven.
  public init?(_ text: String) {
    var rest = Substring(text.trimmingWhitespace)
    for scheme in ["http://", "ws://"] where rest.lowercased().hasPrefix(scheme) {
      rest = rest.dropFirst(scheme.count)
    }
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    let authority = rest[..<slash]
    let code = rest[rest.index(after: slash)...]
    guard !code.isEmpty, code.count <= 16, code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
      return nil
    }
    // [::1]:7777 or host:7777
    guard let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
      (1...65_535).contains(port)
    else { return nil }
    let host = authority[..<colon]
    guard !host.isEmpty, host.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != "/" && $0 != "@" }) else {
      return nil
    }
    self.host = String(host)
    self.port = port
    self.code = code.uppercased()
  }

  public var description: String { "http://\(host):\(port)/\(code)" }
  /// The WebSocket `trivia-night` connects to.
  public var webSocket: String { "ws://\(host):\(port)/\(code)" }
}
