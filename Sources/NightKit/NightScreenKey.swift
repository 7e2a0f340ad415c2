/// The big screen's own key, in the Screen address the host's lobby shows
/// (`http://HOST:PORT/CODE/screen#KEY`). The join code is every player's, so it cannot be what
/// takes one of the night's few screen slots, nor what satisfies `--on-screen`'s start check:
/// a screen must hold this. After `#`, the browser never sends it in a request (nor does a
/// balancer log it); the screen's page says it in its first message. Read off the host's screen
/// and typed into a projector's browser, it is in the code's alphabet (no look-alikes), in any
/// case: 12 characters, about 54 bits, far past what guessing at the room's pace could reach.
public struct NightScreenKey: Hashable, Sendable, CustomStringConvertible {
  public static let length = 12

  public let description: String

  public init?(_ text: String) {
    guard let text = NightCode.read(text, length: Self.length) else { return nil }
    description = text
  }

  public static func random<G: RandomNumberGenerator>(using generator: inout G) -> NightScreenKey {
    NightScreenKey(NightCode.written(length, using: &generator))!
  }

  /// From the system's generator: the key is not the room's to replay, unlike its tokens.
  public static func random() -> NightScreenKey {
    var generator = SystemRandomNumberGenerator()
    return random(using: &generator)
  }

  /// Whether `text` is this key, in any case; its time does not say how much of it matched.
  public func isOpened(by text: String?) -> Bool {
    guard let text, let given = NightScreenKey(text) else { return false }
    return zip(given.description.utf8, description.utf8).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }
}
