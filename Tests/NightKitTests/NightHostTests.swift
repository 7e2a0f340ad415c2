import NightKit
import Testing

@Suite("The host's decisions, without I/O")
struct NightHostTests {
  static let plan = NightHost.Plan(auto: true, startWhen: 2, persists: true, scripted: false)

  func saves(_ effects: [NightHost.Effect]) -> Int {
    effects.filter { if case .save = $0 { true } else { false } }.count
  }

  @Test func whoIsInIsSavedAtMostEveryTwoSecondsAndAPhaseAtOnce() {
    var host = NightHost(room: room(), plan: .init(auto: true, startWhen: 3, persists: true, scripted: false))
    #expect(saves(host.handle(.heard(ann, join("Ann"), heldMs: 0), now: .zero)) == 1)
    // Bob's join is the second within the interval: it waits, and goes at the interval's end.
    #expect(saves(host.handle(.heard(bob, join("Bob"), heldMs: 0), now: .milliseconds(100))) == 0)
    #expect(saves(host.handle(.tick, now: .milliseconds(1_999))) == 0)
    #expect(saves(host.handle(.tick, now: .seconds(2))) == 1)
    // --start-when 3: the question opens at Cat's join, a phase, saved at once.
    #expect(saves(host.handle(.heard(cat, join("Cat"), heldMs: 0), now: .milliseconds(2_100))) == 1)
    #expect(host.room.phase == .question(1))
  }

  @Test func aResumedRevealMovesOnByItselfUnderAuto() throws {
    var host = NightHost(room: room(), plan: Self.plan)
    _ = host.handle(.heard(ann, join("Ann"), heldMs: 0), now: .zero)
    _ = host.handle(.heard(bob, join("Bob"), heldMs: 0), now: .zero)
    _ = host.handle(.next, now: .seconds(1))
    #expect(host.room.phase == .reveal(1))
    let saved = host.room.saved(now: .seconds(2))
    var resumed = NightHost(room: room(), plan: Self.plan)
    let effects = resumed.handle(
      .resumed(saved, savedAgo: .zero, journal: [], generator: TestGenerator(state: 3)), now: .seconds(100))
    #expect(effects.contains(.show(.reveal(1))))
    #expect(resumed.nextWake(now: .seconds(100)) == .seconds(105))
    _ = resumed.handle(.tick, now: .seconds(105))
    #expect(resumed.room.phase == .standings(1))
  }

  @Test func theRecordIsTheRoomsAndOutlivesARestart() {
    var host = NightHost(room: room(), plan: Self.plan)
    _ = host.handle(.heard(ann, join("Ann"), heldMs: 0), now: .zero)
    _ = host.handle(.heard(bob, join("Bob"), heldMs: 0), now: .zero)
    _ = host.handle(.heard(ann, answer(1, 1), heldMs: 0), now: .seconds(2))
    let effects = host.handle(.heard(bob, answer(1, 0), heldMs: 0), now: .seconds(3))
    let revealed = effects.compactMap { if case .revealed(let record) = $0 { record } else { nil } }
    #expect(revealed.map(\.number) == [1])
    #expect(revealed.first?.answers.map(\.name) == ["Ann", "Bob"])
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(host.room.saved(now: .seconds(4)), savedAgo: .zero, journal: [], generator: TestGenerator(state: 3)),
      now: .seconds(50))
    #expect(resumed.room.record == host.room.record)
  }

  func join(_ name: String) -> String {
    NightWire.encode(PlayerMessage.join(name: name, token: nil))
  }
}
