/// The code in a night's address: new each night, and read out loud or copied from a screen,
/// so its alphabet leaves out every character that looks like another (0/O, 1/I/L, 5/S, 2/Z,
/// 8/B, U/V).
public struct NightCode: Hashable, Sendable, CustomStringConvertible {
  public static let alphabet = Array("34679ACDEFGHJKMNPQRTWXY")
  public static let length = 6

  public let description: String

  /// Any case is accepted, since people type what they read.
  public init?(_ text: String) {
    let upper = text.uppercased()
    guard upper.count == Self.length, upper.allSatisfy(Self.alphabet.contains) else { return nil }
    description = upper
  }

  public static func random<G: RandomNumberGenerator>(using generator: inout G) -> NightCode {
    let characters = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
    return NightCode(String(characters))!
  }
}
