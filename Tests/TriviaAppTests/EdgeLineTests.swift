import NightKit
import NightRelay
import Testing

/// Which night an edge serves, as `trivia edge` decides it: the newest not ended, started again
/// when its room is, given up when its room is gone past the grace.
@Suite("An edge following the nights")
struct EdgeLineTests {
  let ann = ConnectionID(edge: 3, local: 1)

  /// An edge serving night ABC with Ann in.
  func serving() -> EdgeLine {
    var line = EdgeLine(now: .zero)
    #expect(line.handle(.up, now: .zero) == [.lookNewest(news: nil)])
    #expect(
      line.handle(.newest(code: "ABC", address: "192.0.2.1:80", news: nil), now: .zero)
        == [.serve(code: "ABC", address: "192.0.2.1:80")])
    #expect(line.handle(.serving("ABC"), now: .zero).isEmpty)
    #expect(line.code == "ABC")
    #expect(line.handle(.heard(.opened(ann, address: "192.0.2.9")), now: .zero).isEmpty)
    return line
  }

  /// The events of the batches among `effects`, as the room reads them.
  func batched(_ effects: [EdgeLine.Effect]) -> [RelayEvent] {
    effects.flatMap { effect -> [RelayEvent] in
      guard case .batch(_, var frames) = effect else { return [] }
      return RelayLines.events(&frames)
    }
  }

  /// The effects but batches.
  func others(_ effects: [EdgeLine.Effect]) -> [EdgeLine.Effect] {
    effects.filter { if case .batch = $0 { false } else { true } }
  }

  @Test func whatPlayersSayGoesToTheRoomAsOneBatch() {
    var line = serving()
    #expect(line.due == .zero + EdgeBatch.every)
    _ = line.handle(.heard(.text(ann, "hi")), now: .milliseconds(40))
    #expect(line.handle(.tick, now: .milliseconds(99)).isEmpty)
    let effects = line.handle(.tick, now: .milliseconds(100))
    #expect(effects.count == 1)
    #expect(batched(effects) == [.opened(ann, address: "192.0.2.9"), .text(ann, "hi", held: 60)])
  }

  @Test func aRoomStartedAgainClosesItsConnectionsAndANewNightReplacesTheOld() {
    var line = serving()
    #expect(line.handle(.news("ABC"), now: .seconds(1)) == [.lookNewest(news: "ABC")])
    #expect(
      line.handle(.newest(code: "ABC", address: "192.0.2.1:80", news: "ABC"), now: .seconds(1))
        == [.closeAll("The host restarted")])
    // The tables looked at for another reason: the same night goes on untouched.
    #expect(line.handle(.newest(code: "ABC", address: "192.0.2.1:80", news: nil), now: .seconds(1)).isEmpty)
    #expect(
      line.handle(.newest(code: "XYZ", address: "192.0.2.1:80", news: "XYZ"), now: .seconds(2))
        == [.stop(code: "ABC"), .serve(code: "XYZ", address: "192.0.2.1:80")])
  }

  @Test func aNightEndedWaitsForItsLastMessagesAFewSeconds() {
    var line = serving()
    #expect(line.handle(.news("end XYZ"), now: .seconds(1)).isEmpty)
    #expect(line.handle(.news("end ABC"), now: .seconds(1)).isEmpty)
    #expect(others(line.handle(.tick, now: .seconds(5))) == [.lookGivenUp(code: "ABC")])
    #expect(line.handle(.tick, now: .seconds(6)) == [.stop(code: "ABC")])
    #expect(line.code == nil)
  }

  @Test func postgreSQLLostClosesThePlayersAndAsksNothingUntilItIsBack() {
    var line = serving()
    #expect(
      line.handle(.down("PostgreSQL at x cannot be reached"), now: .seconds(1)) == [
        .say("PostgreSQL at x cannot be reached: its players are told."),
        .closeAll("The night's server lost its database"),
      ])
    #expect(others(line.handle(.tick, now: .seconds(30))).isEmpty)
    #expect(
      line.handle(.up, now: .seconds(31)) == [
        .say("PostgreSQL is back: players come back with their tokens."), .lookNewest(news: nil),
      ])
  }

  @Test func aRoomGoneForGoodEndsTheNightWithItsLastWords() {
    var line = serving()
    let effects = line.handle(.tick, now: .seconds(5))
    #expect(batched(effects) == [.opened(ann, address: "192.0.2.9")])
    #expect(others(effects) == [.lookGivenUp(code: "ABC")])
    #expect(
      line.handle(.givenUp(lastWords: nil), now: .seconds(5)) == [
        .say("Night ABC: its host has been gone over its grace; the night is over."),
        .tell(EdgeLine.hostGone, [ann]), .stop(code: "ABC"), .forget(code: "ABC"),
      ])
    #expect(line.code == nil && line.due == nil)
  }
}
