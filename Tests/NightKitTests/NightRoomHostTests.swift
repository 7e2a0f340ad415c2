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
    guard case .send(.standings(let standings), let receivers) = first.first else {
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

  @Test func outsideTheTopTenAPlayerGetsItsOwnRow() {
    var night = room()
    night.joinAll((1...12).map { "P\($0)" })
    _ = night.start(now: .zero)
    _ = night.next(now: .seconds(1))
    let outputs = night.next(now: .seconds(2))
    #expect(outputs.count == 3)
    guard case .send(.standings(let top), let receivers) = outputs.first else {
      Issue.record("no standings in \(outputs)")
      return
    }
    #expect(receivers.count == 10 && top.rows.count == 10 && top.own == nil && top.of == 12)
    let last = messages(outputs, to: ConnectionID(12))
    #expect(last == [.standings(NightStandings(played: 1, rows: top.rows, own: night.finalView.rows[11], of: 12))])
    #expect(night.finalView.rows[11].name == "P12")
  }

  @Test func aSkippedQuestionDoesNotCount() {
    var night = room()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    let skipped = night.skip(now: .seconds(2))
    #expect(night.phase == .question(2))
    guard case .send(.question(let view), _) = skipped.first else {
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
    #expect(night.skip(now: .seconds(6)).first == .send(.final(night.finalView), to: [ann, bob]))
    #expect(night.phase == .final)
  }

  @Test func kickRemovesThePlayerAndFreesItsName() {
    var night = room()
    night.joinAll(["Zoë", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    #expect(night.kick(name: "ZOE", now: .seconds(2)) == [.close(ann, .kicked), .host(.kicked("Zoë"))])
    #expect(night.playerCount == 1 && night.connectedCount == 1)
    #expect(night.questionView(now: .seconds(2))?.answered == 0)
    #expect(night.kick(name: "Zoë", now: .seconds(2)) == [.host(.noSuchPlayer("Zoë"))])
    #expect(welcome(in: night.join(cat, name: "zoe", token: nil, now: .seconds(3)), to: cat)?.name == "zoe")
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
    #expect(
      outputs == [.send(.ended("The host ended the night."), to: [ann, bob]), .close(ann, nil), .close(bob, nil)])
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
        .close(bob, .refused(NameRefusal.taken("zoe").description))
      ])
  }

  @Test func theLobbyIsToldAtMostOnceASecond() {
    var night = room()
    let first = night.join(ann, name: "Ann", token: nil, now: .zero)
    #expect(messages(first, to: ann).last == .lobby(players: ["Ann"], count: 1))
    let second = night.join(bob, name: "Bob", token: nil, now: .milliseconds(300))
    #expect(messages(second, to: ann).isEmpty)
    _ = night.join(cat, name: "Cat", token: nil, now: .milliseconds(600))
    #expect(night.nextDeadline == .seconds(1))
    #expect(night.tick(now: .milliseconds(999)).isEmpty)
    #expect(
      night.tick(now: .seconds(1)) == [.send(.lobby(players: ["Ann", "Bob", "Cat"], count: 3), to: [ann, bob, cat])])
    #expect(night.nextDeadline == nil)
  }

  @Test func aLobbyUpdateThatWaitsGoesOutWhenFlushed() {
    var night = room()
    _ = night.join(ann, name: "Ann", token: nil, now: .zero)
    #expect(night.flushLobby(now: .zero).isEmpty, "nothing waits: the first join was told at once")
    _ = night.join(bob, name: "Bob", token: nil, now: .zero)
    #expect(night.flushLobby(now: .zero) == [.send(.lobby(players: ["Ann", "Bob"], count: 2), to: [ann, bob])])
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
    guard case .question(let view) = messages(joined, to: bob).last else {
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

  @Test func theFinalComesAfterTheLastStandings() {
    var night = room(questions: 1)
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.received(bob, text: answer(1, 1), now: .zero)
    _ = night.next(now: .seconds(1))
    _ = night.next(now: .seconds(2))
    let final = night.next(now: .seconds(3))
    #expect(night.phase == .final)
    #expect(final == [.send(.final(night.finalView), to: [ann, bob])])
    #expect(night.finalView.rows.map(\.name) == ["Bob", "Ann"])
    #expect(night.next(now: .seconds(4)).isEmpty)
  }
}
