import NightKit
import Testing

@Suite("Answers and the close of a question")
struct NightRoomAnswerTests {
  @Test func aQuestionGoesToEveryoneWithTheWholeLimit() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    let outputs = night.start(now: .seconds(3))
    guard case .send(.stage(let stage), let receivers) = outputs.first, case .question(let view) = stage.scene else {
      Issue.record("no question in \(outputs)")
      return
    }
    #expect(outputs.count == 1 && receivers == [ann, bob])
    #expect(view.number == 1 && view.total == 3 && view.msLeft == 20_000 && view.limitMs == 20_000)
    #expect(night.phase == .question(1))
    #expect(night.nextDeadline == .seconds(23))
  }

  @Test func theSecondAnswerIsIgnored() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 0), now: .seconds(1))
    #expect(night.received(ann, text: answer(1, 1), now: .seconds(2)).isEmpty)
    #expect(night.answerCount.answered == 1)
    let reveal = night.next(now: .seconds(3))
    #expect(verdict(in: reveal, to: ann)?.choice == 0)
    #expect(verdict(in: reveal, to: ann)?.points == 0)
    #expect(night.revealView?.counts == [1, 0, 0, 0])
  }

  @Test func aLateAnswerIsRefusedAndScoresNothing() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    #expect(
      messages(night.received(ann, text: answer(1, 1), now: .milliseconds(10_001)), to: ann) == [.late(question: 1)])
    _ = night.tick(now: .seconds(10))
    #expect(night.phase == .reveal(1))
    #expect(messages(night.received(bob, text: answer(1, 1), now: .seconds(11)), to: bob) == [.late(question: 1)])
    #expect(night.revealView?.counts == [0, 0, 0, 0])
  }

  /// A dropped connection is not a departure: an edge that died or PostgreSQL away look the
  /// same from the room as a closed tab, so the question waits for every player holding a
  /// place, and closes at once when the last of them answers.
  @Test func aPlayerCutOffIsWaitedForAndTheQuestionClosesWhenEveryoneHoldingAPlaceHasAnswered() throws {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    let token = try #require(welcome(in: night.join(cat, name: "Cat", token: nil, now: .zero), to: cat)).token
    _ = night.start(now: .zero)
    _ = night.disconnected(cat, now: .seconds(1))
    #expect(night.answerCount == (answered: 0, of: 3))
    _ = night.received(ann, text: answer(1, 1), now: .seconds(2))
    _ = night.received(bob, text: answer(1, 2), now: .milliseconds(3_500))
    #expect(night.phase == .question(1))
    let back = ConnectionID(9)
    _ = night.join(back, name: "", token: token, now: .seconds(4))
    #expect(night.phase == .question(1))
    let last = night.received(back, text: answer(1, 3), now: .seconds(4))
    #expect(night.phase == .reveal(1))
    let taken = messages(last, to: back).first.flatMap { if case .you(let you) = $0 { you.answer } else { nil } }
    #expect(taken == NightYou.Answer(question: 1, choice: 3))
    #expect(
      verdict(in: last, to: ann)
        == NightVerdict(question: 1, correct: 1, correctText: "B1", choice: 1, points: 950, total: 950, place: 1, of: 3)
    )
    #expect(verdict(in: last, to: bob)?.place == 2)
    #expect(night.revealView?.fastest == NightReveal.Fastest(name: "Ann", ms: 2000))
  }

  /// Past its grace a player away no longer holds a place, and is no longer waited for.
  @Test func aPlayerAwayPastItsGraceIsNoLongerWaitedFor() {
    var night = room(limit: .seconds(90))
    night.joinAll(["Ann", "Bob", "Cat"])
    _ = night.start(now: .zero)
    _ = night.disconnected(cat, now: .seconds(1))
    _ = night.received(ann, text: answer(1, 1), now: .seconds(2))
    _ = night.received(bob, text: answer(1, 1), now: .seconds(3))
    _ = night.tick(now: .seconds(60))
    #expect(night.phase == .question(1))
    let gone = night.tick(now: .seconds(61))
    #expect(notices(gone).contains(.gone("Cat")))
    #expect(night.phase == .reveal(1))
  }

  @Test func aWrongAnswerBeatsNoneOnTimeAndJoinOrderSettlesTheRest() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann", "Bob", "Cat", "Dan"])
    let dan = ConnectionID(4)
    _ = night.start(now: .zero)
    // Bob and Cat: right at the same moment; Dan wrong, Ann nothing.
    _ = night.received(bob, text: answer(1, 1), now: .seconds(3))
    _ = night.received(cat, text: answer(1, 1), now: .seconds(3))
    _ = night.received(dan, text: answer(1, 0), now: .seconds(9))
    _ = night.tick(now: .seconds(10))
    #expect(night.standingsView.rows.map(\.name) == ["Bob", "Cat", "Dan", "Ann"])
    // Question 2: Cat answers right slower than Bob does; Ann wrong at once.
    _ = night.next(now: .seconds(11))
    _ = night.next(now: .seconds(12))
    _ = night.received(ann, text: answer(2, 3), now: .seconds(12))
    _ = night.received(bob, text: answer(2, 1), now: .seconds(13))
    _ = night.received(cat, text: answer(2, 1), now: .seconds(14))
    _ = night.tick(now: .seconds(22))
    let rows = night.standingsView.rows
    #expect(rows.map(\.name) == ["Bob", "Cat", "Ann", "Dan"])
    #expect(rows.map(\.score) == [850 + 950, 850 + 900, 0, 0])
    #expect(rows.map(\.place) == [1, 2, 3, 4])
  }

  @Test func equalScoresGoToTheSmallerTotalTime() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 0), now: .seconds(8))
    _ = night.received(bob, text: answer(1, 2), now: .seconds(2))
    #expect(night.standingsView.rows.map(\.name) == ["Bob", "Ann"])
  }

  @Test func aChoiceOutOfRangeClosesThatConnectionOnly() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    let outputs = night.received(ann, text: answer(1, 4), now: .seconds(1))
    #expect(outputs == [.close(ann, nil), .host(.left("Ann"))])
    #expect(night.connectedCount == 1 && night.phase == .question(1))
    #expect(closed(night.received(bob, text: answer(2, 0), now: .seconds(2))) == [bob])
  }

  @Test(
    "Malformed frames close their connection",
    arguments: ["{not json", #"{"shout":"hi"}"#, #"{"answer":{"q":1,"c":-2}}"#, #"{"answer":{"q":"one","c":1}}"#])
  func malformed(text: String) {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    #expect(night.received(ann, text: text, now: .seconds(1)) == [.close(ann, nil), .host(.left("Ann"))])
    #expect(night.disconnected(ann, now: .seconds(1)).isEmpty)
    // Closed for breaking the protocol, which is no fault of the network: the question no
    // longer waits for Ann.
    #expect(night.received(bob, text: answer(1, 1), now: .seconds(2)).count > 1)
    #expect(night.phase == .reveal(1))
  }

  @Test func anAnswerBeforeJoiningCloses() {
    var night = room()
    #expect(night.received(ann, text: answer(1, 1), now: .zero) == [.close(ann, nil)])
  }
}
