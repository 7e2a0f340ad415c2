import FoundationEssentials
import NightKit
import Testing

/// A question's own time (a spreadsheet's time column) replaces the night's for that question:
/// its countdown, its deadline, its points and the time counted for a player who gave none.
@Suite("A question's own time")
struct NightQuestionTimeTests {
  static func timedRoom() -> NightRoom {
    var list = questions(3)
    list[1].seconds = 5
    return NightRoom(
      title: "Friday night", questions: list, limit: .seconds(20), maxPlayers: 10, generator: TestGenerator(state: 7))
  }

  @Test func theQuestionWithItsOwnTimeClosesAtItsOwnDeadline() throws {
    var night = Self.timedRoom()
    night.joinAll(["Ann", "Bob"])
    let first = try #require(question(in: night.start(now: .zero), to: ann))
    #expect(first.limitMs == 20_000 && night.nextDeadline == .seconds(20))
    _ = night.tick(now: .seconds(20))
    _ = night.next(now: .seconds(21))
    let second = try #require(question(in: night.next(now: .seconds(22)), to: ann))
    #expect(second.number == 2 && second.limitMs == 5_000 && second.msLeft == 5_000)
    #expect(night.nextDeadline == .seconds(27))
    // Bob answers right with 1 s of 5 left: scored against 5 s, not 20.
    _ = night.received(bob, text: answer(2, 1), now: .seconds(26))
    #expect(night.phase == .question(2))
    let reveal = night.tick(now: .seconds(27))
    #expect(night.phase == .reveal(2))
    #expect(verdict(in: reveal, to: bob)?.points == NightScore.points(msLeft: 1_000, limitMs: 5_000))
    #expect(verdict(in: reveal, to: ann)?.points == 0)
    // The record scores it the same; the next question has the night's time again.
    #expect(night.record[1].answers.first { $0.name == "Bob" }?.points == 600)
    _ = night.next(now: .seconds(28))
    let third = try #require(question(in: night.next(now: .seconds(29)), to: ann))
    #expect(third.limitMs == 20_000)
  }

  @Test func aResumedRoomKeepsTheQuestionsOwnTime() throws {
    var night = Self.timedRoom()
    night.joinAll(["Ann", "Bob"])
    _ = night.start(now: .zero)
    _ = night.tick(now: .seconds(20))
    _ = night.next(now: .seconds(21))
    _ = night.next(now: .seconds(22))
    let saved = night.saved(now: .seconds(24))
    let decoded = try JSONDecoder().decode(NightRoom.Saved.self, from: try JSONEncoder().encode(saved))
    let later = Duration.seconds(1_000)
    let resumed = NightRoom(resuming: decoded, now: later, generator: TestGenerator(state: 7))
    #expect(resumed.phase == .question(2))
    // 2 s of its own 5 were gone at the save: 3 are left.
    #expect(resumed.nextDeadline == later + .seconds(3))
  }
}
