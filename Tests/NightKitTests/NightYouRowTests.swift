import NightKit
import Testing

/// The room's verdicts cross to the sockets as rows: what a player is sent from a row is what
/// the room would have encoded itself.
@Suite("A player's own part as a row")
struct NightYouRowTests {
  static let parts: [NightYou] = [
    NightYou(name: "Ann", since: 1),
    NightYou(name: "Ann Lee  Jr", since: 3, answer: .init(question: 4, choice: 0), points: 950, score: 2_890, place: 2),
    NightYou(
      name: "Zoë 🎉", since: 1, answer: .init(question: 12, choice: 3), points: 0, score: 0, place: 17, moved: -4),
    NightYou(name: "- -", since: 2, points: 1000, score: 1000, place: 1, moved: 3),
  ]

  @Test("Every part reads back from its row, and makes the same message", arguments: parts)
  func roundTrip(_ you: NightYou) throws {
    let back = try #require(NightYou(row: you.row))
    #expect(back == you)
    #expect(NightWire.encode(HostMessage.you(back)) == NightWire.encode(HostMessage.you(you)))
  }

  @Test(
    "A row the room did not write is refused",
    arguments: ["", "1 2 3", "x 0 0 0 0 - - Ann", "1 0 0 0 0 4 - Ann", "1 0 0 0 0 - x Ann", "1 0 0 0 0 - -"])
  func refused(_ row: String) {
    #expect(NightYou(row: row) == nil)
  }
}
