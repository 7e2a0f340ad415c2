import NightKit
import Testing

@Suite("Dropping and coming back with the token")
struct NightRoomComebackTests {
  @Test func withinSixtySecondsThePlayerKeepsItsScoreAndGetsTheQuestionWithLessTime() throws {
    var night = room()
    let joined = night.join(ann, name: "Ann", token: nil, now: .zero)
    let token = try #require(welcome(in: joined, to: ann)).token
    #expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
    _ = night.join(bob, name: "Bob", token: nil, now: .zero)
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .zero)
    _ = night.tick(now: .seconds(20))
    _ = night.next(now: .seconds(21))
    _ = night.next(now: .seconds(22))
    _ = night.received(ann, text: answer(2, 3), now: .seconds(23))
    #expect(night.disconnected(ann, now: .seconds(24)) == [.host(.left("Ann"))])
    #expect(night.nextDeadline == .seconds(42))

    let newConnection = ConnectionID(9)
    let back = night.join(newConnection, name: "", token: token, now: .seconds(30))
    #expect(notices(back) == [.back("Ann")])
    // One message: the whole night as Ann sees it, her answer to the question on screen in it.
    #expect(messages(back, to: newConnection).count == 1)
    let again = try #require(welcome(in: back, to: newConnection))
    #expect(again.you.name == "Ann" && again.token == token && again.you.score == 1000)
    #expect(again.stage.scene == .question(view(number: 2, msLeft: 12_000)))
    #expect(again.you.answer == NightYou.Answer(question: 2, choice: 3))

    let reveal = night.tick(now: .seconds(42))
    #expect(verdict(in: reveal, to: newConnection)?.total == 1000)
    #expect(verdict(in: reveal, to: newConnection)?.choice == 3)
  }

  @Test func anUnansweredComebackIsWaitedFor() throws {
    var night = room()
    let token = try #require(welcome(in: night.join(ann, name: "Ann", token: nil, now: .zero), to: ann)).token
    _ = night.join(bob, name: "Bob", token: nil, now: .zero)
    _ = night.start(now: .zero)
    _ = night.disconnected(ann, now: .seconds(1))
    _ = night.join(cat, name: "", token: token, now: .seconds(2))
    _ = night.received(bob, text: answer(1, 1), now: .seconds(3))
    #expect(night.phase == .question(1))
    _ = night.received(cat, text: answer(1, 1), now: .seconds(4))
    #expect(night.phase == .reveal(1))
  }

  @Test func afterSixtySecondsThePlaceStopsCountingButTheTokenStillBringsThePlayerBack() throws {
    var night = room(maxPlayers: 2)
    let token = try #require(welcome(in: night.join(ann, name: "Ann", token: nil, now: .zero), to: ann)).token
    _ = night.join(bob, name: "Bob", token: nil, now: .zero)
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    _ = night.disconnected(ann, now: .seconds(5))
    _ = night.received(bob, text: answer(1, 0), now: .seconds(6))
    #expect(notices(night.tick(now: .seconds(65))) == [.gone("Ann")])
    #expect(night.finalView.rows.first { $0.name == "Ann" }?.left == true)
    // Her place no longer counts against the size: Cat gets in.
    #expect(welcome(in: night.join(cat, name: "Cat", token: nil, now: .seconds(66)), to: cat) != nil)
    // And Ann, away for minutes, is back as herself, with her score, full night or not.
    let back = try #require(
      welcome(in: night.join(ConnectionID(8), name: "", token: token, now: .seconds(300)), to: ConnectionID(8)))
    #expect(back.you.name == "Ann" && back.you.score > 0)
    #expect(night.playerCount == 3 && night.connectedCount == 3)
    // A name is still one player's: joining as Ann without the token is refused.
    #expect(closed(night.join(ConnectionID(9), name: "Ann", token: nil, now: .seconds(301))) == [ConnectionID(9)])
  }

  /// A room resumed from a save older than a welcome does not know that player's token: the
  /// player joins again by its name rather than being turned away. Once the night is over, it
  /// is refused as any newcomer.
  @Test func anUnknownTokenJoinsByItsName() throws {
    var night = room(questions: 1)
    let welcomed = try #require(welcome(in: night.join(ann, name: "Ann", token: "feed", now: .zero), to: ann))
    #expect(welcomed.you.name == "Ann" && welcomed.token != "feed")
    _ = night.start(now: .zero)
    _ = night.tick(now: .seconds(20))
    _ = night.next(now: .seconds(21))
    _ = night.next(now: .seconds(22))
    #expect(night.phase == .final)
    #expect(closed(night.join(bob, name: "Bob", token: "f00d", now: .seconds(100))) == [bob])
  }

  @Test func aTokenOnASecondConnectionTakesThePlaceOfTheFirst() throws {
    var night = room()
    let token = try #require(welcome(in: night.join(ann, name: "Ann", token: nil, now: .zero), to: ann)).token
    let outputs = night.join(cat, name: "", token: token, now: .seconds(1))
    #expect(closed(outputs) == [ann])
    #expect(night.connectedCount == 1)
    #expect(night.disconnected(ann, now: .seconds(2)).isEmpty)
  }

  @Test func joiningTwiceOnAConnectionIsRefused() {
    var night = room()
    _ = night.join(ann, name: "Ann", token: nil, now: .zero)
    let again = night.join(ann, name: "Anna", token: nil, now: .zero)
    #expect(again == [.close(ann, .refused("This connection has already joined.")), .host(.left("Ann"))])
  }

  @Test func aPlayerGoneBeforeTheStartLeavesTheNight() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.disconnected(ann, now: .seconds(1))
    #expect(night.playerCount == 2)
    let outputs = night.tick(now: .seconds(61))
    #expect(notices(outputs) == [.gone("Ann")])
    #expect(messages(outputs, to: bob).count == 1)
    #expect(stage(in: outputs, to: bob)?.names == ["Bob"] && stage(in: outputs, to: bob)?.count == 1)
    #expect(night.names == ["Bob"])
    #expect(night.nextDeadline == nil)
  }

  func view(number: Int, msLeft: Int) -> NightQuestionView {
    NightQuestionView(
      number: number, total: 3, category: "General", difficulty: "easy", text: "Question \(number)?",
      choices: ["A\(number)", "B\(number)", "C\(number)", "D\(number)"], msLeft: msLeft, limitMs: 20_000)
  }
}
