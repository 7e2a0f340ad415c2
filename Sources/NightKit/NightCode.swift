/// The code in a night's address: new each night, and read out loud or copied from a screen,
/// so its alphabet leaves out every character that looks like another (0/O, 1/I/L, 5/S, 2/Z,
/// 8/B, U/V).
public struct NightCode: Hashable, Sendable, CustomStringConvertible {
  public static let alphabet = Array("34679ACDEFGHJKMNPQRTWXY")
  public static let length = 6

  public let description: String

  /// Any case is accepted, since people type what they read.
  public init?(_ text: String) {
    guard let text = Self.read(text, length: Self.length) else { return nil }
    description = text
  }

  public static func random<G: RandomNumberGenerator>(using generator: inout G) -> NightCode {
    NightCode(written(length, using: &generator))!
  }

  /// `text` in capitals when it is `length` characters of the alphabet, in any case: what a
  /// person read off a screen and typed.
  static func read(_ text: String, length: Int) -> String? {
    let upper = text.uppercased()
    return upper.count == length && upper.allSatisfy(alphabet.contains) ? upper : nil
  }

  /// `length` characters of the alphabet, each drawn from `generator`.
  static func written<G: RandomNumberGenerator>(_ length: Int, using generator: inout G) -> String {
    String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
  }
}
