import FoundationEssentials
import NightKit
import Testing

/// A `you` is written without the JSON encoder (#40: it was most of what a player's verdict
/// cost trivia-night): the same bytes as the encoder's, whatever the name holds.
@Suite("A player's own part on the wire")
struct NightWireYouTests {
  static let encoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  /// Every ASCII character, one a name, and names as players write them.
  static let names =
    (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    + ["Zoë Lee", "名前", "👩‍👩‍👧 Kim", "a/b\\c\"d", "\u{7F}x\u{2028}y\u{FEFF}", "Ann  Bo", ""]

  @Test(
    "The same bytes as the JSON encoder's",
    arguments: [
      NightYou.Answer?.none, NightYou.Answer(question: 3, choice: 0), NightYou.Answer(question: 12, choice: 3),
    ])
  func sameAsTheEncoder(answer: NightYou.Answer?) throws {
    for (number, name) in Self.names.enumerated() {
      let you = NightYou(
        name: name, since: number % 3 + 1, answer: answer, points: number * 7, score: number * 1_000,
        place: number, moved: 2 - number % 5)
      let expected = String(decoding: try Self.encoder.encode(HostMessage.you(you)), as: UTF8.self)
      #expect(NightWire.encode(HostMessage.you(you)) == expected, "name \(Array(name.unicodeScalars))")
      #expect(try NightWire.decodeHost(expected) == .you(you))
    }
  }
}
