/// The address players join at, spelled once for both ends of the pipe: the lobby prints
/// it, and `trivia-night` encodes it in the QR code beside it.
public enum JoinURL {
  public static func text(address: String, port: Int, code: String) -> String {
    // An IPv6 address goes in brackets in a URL.
    "http://\(address.contains(":") ? "[\(address)]" : address):\(port)/\(code)"
  }
}
