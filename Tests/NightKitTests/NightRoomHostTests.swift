import NightKit
import Testing

@Suite("The host's commands and screens")
struct NightRoomHostTests {
  @Test func theStandingsSayWhoMoved() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann", "Bob", "Cat"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .zero)
    _ = night.received(bob, text: answer(1, 1), now: .seconds(5))
    _ = night.received(cat, text: answer(1, 0), now: .seconds(5))
    let first = night.next(now: .seconds(6))
    #expect(night.phase == .standings(1))
    guard case .send(.stage(let stage), let receivers) = first.first, case .standings(let standings) = stage.scene
    else {
      Issue.record("no standings in \(first)")
      return
    }
    #expect(receivers == [ann, bob, cat])
    #expect(standings.rows.map(\.name) == ["Ann", "Bob", "Cat"])
    #expect(standings.rows.map(\.moved) == [0, 0, 0])

    _ = night.next(now: .seconds(7))
    _ = night.received(cat, text: answer(2, 1), now: .seconds(7))
    _ = night.received(ann, text: answer(2, 0), now: .seconds(8))
    _ = night.received(bob, text: answer(2, 0), now: .seconds(17))
    _ = night.next(now: .seconds(17))
    // Ann 1000 (time 0 + 1000), Cat 1000 (5000 + 0), Bob 750.
    #expect(night.standingsView.rows.map(\.name) == ["Ann", "Cat", "Bob"])
    #expect(night.standingsView.rows.map(\.moved) == [0, 1, -1])
  }

  @Test func theStandingsGoOutOnceAndAPlayerOutsideTheTopTenDrawsItsOwnRow() throws {
    var night = room()
    night.joinAll((1...12).map { "P\($0)" })
    _ = night.start(now: .zero)
    let close = night.next(now: .seconds(1))
    let outputs = night.next(now: .seconds(2))
    #expect(outputs.count == 1)
    guard case .send(.stage(let stage), let receivers) = outputs.first, case .standings(let top) = stage.scene else {
      Issue.record("no standings in \(outputs)")
      return
    }
    #expect(receivers.count == 12 && top.rows.count == 10 && top.of == 12)
    let twelfth = NightState(stage: stage, you: try #require(you(in: close, to: ConnectionID(12))))
    #expect(twelfth.ownRow == night.finalView.rows[11])
    #expect(night.finalView.rows[11].name == "P12")
    let first = NightState(stage: stage, you: try #require(you(in: close, to: ConnectionID(1))))
    #expect(first.ownRow == nil)
  }

  @Test func aSkippedQuestionDoesNotCount() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    let skipped = night.skip(now: .seconds(2))
    #expect(night.phase == .question(2))
    guard case .send(.stage(let stage), _) = skipped.first, case .question(let view) = stage.scene else {
      Issue.record("no question in \(skipped)")
      return
    }
    #expect(view.number == 2 && view.msLeft == 20_000)
    #expect(messages(night.received(bob, text: answer(1, 1), now: .seconds(3)), to: bob) == [.late(question: 1)])
    _ = night.received(ann, text: answer(2, 0), now: .seconds(3))
    _ = night.received(bob, text: answer(2, 0), now: .seconds(3))
    #expect(night.standingsView.played == 1)
    #expect(night.standingsView.rows.map(\.score) == [0, 0])
    _ = night.next(now: .seconds(4))
    _ = night.next(now: .seconds(5))
    #expect(night.skip(now: .seconds(6)).first == .send(.stage(night.stage(now: .seconds(6))), to: [ann, bob]))
    #expect(night.stage(now: .seconds(6)).scene == .final(night.finalView))
    #expect(night.phase == .final)
  }

  @Test func kickRemovesThePlayerAndFreesItsName() {
    var night = room()
    night.joinAll(["Zoë", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    #expect(night.kick(name: "ZOE", now: .seconds(2)) == [.close(ann, .kicked), .host(.kicked("Zoë"))])
    #expect(night.playerCount == 1 && night.connectedCount == 1)
    #expect(night.answerCount.answered == 0)
    #expect(night.kick(name: "Zoë", now: .seconds(2)) == [.host(.noSuchPlayer("Zoë"))])
    #expect(welcome(in: night.join(cat, name: "zoe", token: nil, now: .seconds(3)), to: cat)?.you.name == "zoe")
  }

  @Test func kickingTheLastOneAnswersForTheRest() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    let outputs = night.kick(name: "bob", now: .seconds(2))
    #expect(night.phase == .reveal(1))
    #expect(verdict(in: outputs, to: ann)?.of == 1)
  }

  @Test func endTellsEveryoneAndClosesTheNight() {
    var night = room()
    night.joinAll(["Ann", "Bob", "Cat"])
    _ = night.start(now: .zero)
    _ = night.disconnected(cat, now: .zero)
    let outputs = night.end(now: .seconds(1), reason: "The host ended the night.")
    // No question closed yet: there is no table to show, only the reason.
    let ended = night.stage(now: .seconds(1))
    #expect(ended.scene == .ended(reason: "The host ended the night.", table: nil))
    #expect(outputs == [.send(.stage(ended), to: [ann, bob]), .close(ann, nil), .close(bob, nil)])
    #expect(night.phase == .ended && night.nextDeadline == nil)
    #expect(night.tick(now: .seconds(60)).isEmpty)
    #expect(night.disconnected(ann, now: .seconds(2)).isEmpty)
    #expect(night.received(bob, text: answer(1, 1), now: .seconds(2)) == [.close(bob, nil)])
    #expect(night.join(cat, name: "Dan", token: nil, now: .seconds(2)) == [.close(cat, .refused("The night is over."))])
    #expect(night.end(now: .seconds(3), reason: "again").isEmpty)
  }

  @Test func aFullNightRefusesWithItsSize() {
    var night = room(maxPlayers: 2)
    night.joinAll(["Ann", "Bob"])
    #expect(
      night.join(cat, name: "Cat", token: nil, now: .zero) == [.close(cat, .refused("The night is full (2 players)."))])
    _ = night.kick(name: "Bob", now: .zero)
    #expect(welcome(in: night.join(cat, name: "Cat", token: nil, now: .zero), to: cat) != nil)
  }

  @Test func aTakenNameIsRefusedWithItsRule() {
    var night = room()
    _ = night.join(ann, name: "Zoë", token: nil, now: .zero)
    #expect(
      night.join(bob, name: " zoe ", token: nil, now: .zero) == [
        .close(bob, .refused(NameRefusal.taken("zoe", by: "Zoë").description))
      ])
  }

  @Test("Names that look like a player's are refused, naming it; kick finds the one there is")
  func lookAlikeNamesAreRefused() {
    var night = room()
    _ = night.join(ann, name: "Ann", token: nil, now: .zero)
    for (index, name) in ["Ann\u{A0}", "Ann\u{2000}", "\u{410}nn", "\u{FF21}nn"].enumerated() {
      let connection = ConnectionID(UInt64(10 + index))
      let shown = name.hasPrefix("Ann") ? "Ann" : name
      #expect(
        night.join(connection, name: name, token: nil, now: .zero) == [
          .close(connection, .refused(NameRefusal.taken(shown, by: "Ann").description))
        ])
    }
    let blank = ConnectionID(20)
    #expect(
      night.join(blank, name: "\u{3164}", token: nil, now: .zero) == [
        .close(blank, .refused(NameRefusal.empty.description))
      ])
    #expect(night.playerCount == 1)
    #expect(night.kick(name: "\u{410}nn", now: .zero).contains(.host(.kicked("Ann"))))
    #expect(night.playerCount == 0)
  }

  @Test func theLobbyIsToldAtMostOnceASecond() {
    var night = room()
    let first = night.join(ann, name: "Ann", token: nil, now: .zero)
    #expect(messages(first, to: ann).count == 2)
    #expect(stage(in: first, to: ann)?.names == ["Ann"] && stage(in: first, to: ann)?.count == 1)
    let second = night.join(bob, name: "Bob", token: nil, now: .milliseconds(300))
    #expect(messages(second, to: ann).isEmpty)
    _ = night.join(cat, name: "Cat", token: nil, now: .milliseconds(600))
    #expect(night.nextDeadline == .seconds(1))
    #expect(night.tick(now: .milliseconds(999)).isEmpty)
    let update = night.tick(now: .seconds(1))
    #expect(update == [.send(.stage(night.stage(now: .seconds(1))), to: [ann, bob, cat])])
    #expect(stage(in: update, to: ann)?.names == ["Ann", "Bob", "Cat"] && stage(in: update, to: ann)?.count == 3)
    #expect(night.nextDeadline == nil)
  }

  @Test func aLobbyUpdateThatWaitsGoesOutWhenFlushed() {
    var night = room()
    _ = night.join(ann, name: "Ann", token: nil, now: .zero)
    #expect(night.flushLobby(now: .zero).isEmpty, "nothing waits: the first join was told at once")
    _ = night.join(bob, name: "Bob", token: nil, now: .zero)
    let flushed = night.flushLobby(now: .zero)
    #expect(flushed == [.send(.stage(night.stage(now: .zero)), to: [ann, bob])])
    #expect(stage(in: flushed, to: bob)?.names == ["Ann", "Bob"])
    #expect(night.nextDeadline == nil)
  }

  @Test func aLateJoinerStartsAtZeroOnTheCurrentQuestion() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    _ = night.next(now: .seconds(2))
    _ = night.next(now: .seconds(3))
    let joined = night.join(bob, name: "Bob", token: nil, now: .seconds(6))
    #expect(notices(joined) == [.joined("Bob")])
    guard let view = question(in: joined, to: bob) else {
      Issue.record("no question in \(joined)")
      return
    }
    #expect(view.number == 2 && view.msLeft == 7000)
    _ = night.received(ann, text: answer(2, 0), now: .seconds(7))
    #expect(night.phase == .question(2))
    let verdicts = night.received(bob, text: answer(2, 1), now: .seconds(8))
    #expect(
      verdict(in: verdicts, to: bob)
        == NightVerdict(question: 2, correct: 1, correctText: "B2", choice: 1, points: 750, total: 750, place: 2, of: 2)
    )
  }

  @Test func aPlayerJoiningDuringARevealIsToldItJoinedAfterTheQuestion() throws {
    var night = room(questions: 3)
    night.joinAll(["Ann"])
    _ = night.start(now: .zero)
    _ = night.next(now: .seconds(1))
    let joined = night.join(bob, name: "Bob", token: nil, now: .seconds(2))
    let arrived = try #require(welcome(in: joined, to: bob))
    let state = NightState(stage: arrived.stage, you: arrived.you)
    #expect(state.verdict?.missed == true && state.verdict?.question == 1)
    #expect(arrived.stage.questions == 3 && arrived.you.since == 2)
    _ = night.next(now: .seconds(3))
    _ = night.next(now: .seconds(4))
    #expect(night.stage(now: .seconds(4)).questions == 3)
  }

  @Test func theFinalComesAfterTheLastStandings() {
    var night = room(questions: 1)
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(bob, text: answer(1, 1), now: .zero)
    _ = night.next(now: .seconds(1))
    _ = night.next(now: .seconds(2))
    let final = night.next(now: .seconds(3))
    #expect(night.phase == .final)
    #expect(final == [.send(.stage(night.stage(now: .seconds(3))), to: [ann, bob])])
    #expect(night.stage(now: .seconds(3)).scene == .final(night.finalView))
    #expect(night.finalView.rows.map(\.name) == ["Bob", "Ann"])
    #expect(night.next(now: .seconds(4)).isEmpty)
  }
}
