/// The address players join at, spelled once for both ends of the pipe: the lobby prints
/// it, and `trivia-night` encodes it in the QR code beside it.
public enum JoinURL {
  public static func text(address: String, port: Int, code: String) -> String {
    // An IPv6 address goes in brackets in a URL.
    "http://\(address.contains(":") ? "[\(address)]" : address):\(port)/\(code)"
  }

  /// The WebSocket address of a night's page, as `trivia join` and NightLoad dial it: the same
  /// place, another scheme. (swift-websocket names the URL's scheme and host, without its port,
  /// as its Origin, and the night lets in no page but its own: `ws:` is no page's.)
  public static func webSocket(_ url: String) -> String {
    if url.hasPrefix("http://") { return "ws://" + url.dropFirst("http://".count) }
    if url.hasPrefix("https://") { return "wss://" + url.dropFirst("https://".count) }
    return url.contains("://") ? url : "ws://" + url
  }
}
