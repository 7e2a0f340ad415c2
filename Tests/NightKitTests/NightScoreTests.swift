import NightKit
import Testing

@Suite("Points for a right answer")
struct NightScoreTests {
  @Test func atOnceIsAThousandAndAtTheLastMomentFiveHundred() {
    #expect(NightScore.points(msLeft: 20_000, limitMs: 20_000) == 1000)
    #expect(NightScore.points(msLeft: 0, limitMs: 20_000) == 500)
    #expect(NightScore.points(msLeft: 10_000, limitMs: 20_000) == 750)
  }

  @Test func roundsHalfUp() {
    #expect(NightScore.points(msLeft: 1, limitMs: 1000) == 501)  // 0.5
    #expect(NightScore.points(msLeft: 1, limitMs: 1001) == 500)  // 0.4995
    #expect(NightScore.points(msLeft: 3, limitMs: 1000) == 502)  // 1.5
  }

  @Test func pastTheLimitIsClamped() {
    #expect(NightScore.points(msLeft: -1, limitMs: 20_000) == 500)
    #expect(NightScore.points(msLeft: 25_000, limitMs: 20_000) == 1000)
  }

  @Test("Through a night: 0 ms, the deadline, after it")
  func inARoom() {
    var night = room(limit: .seconds(10))
    night.joinAll(["Ann", "Bob", "Cat"])
    _ = night.start(now: .seconds(1))
    let first = night.received(ann, text: answer(1, 1), now: .seconds(1))
    #expect(messages(first, to: ann).count == 1 && you(in: first, to: ann)?.answer == .init(question: 1, choice: 1))
    _ = night.received(bob, text: answer(1, 1), now: .seconds(11))
    let late = night.received(cat, text: answer(1, 1), now: .milliseconds(11_001))
    #expect(messages(late, to: cat) == [.late(question: 1)])
    let reveal = night.tick(now: .milliseconds(11_001))
    #expect(verdict(in: reveal, to: ann)?.points == 1000)
    #expect(verdict(in: reveal, to: bob)?.points == 500)
    #expect(verdict(in: reveal, to: cat)?.points == 0)
    #expect(verdict(in: reveal, to: cat)?.choice == nil)
  }
}
