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

  /// Issue 37: while PostgreSQL is away no grace runs out, so the question still waits for
  /// the players it cut off and the host's count says so (it read `1 of 1 in` with three away);
  /// once it is back, each has the whole grace from then.
  @Test func noGraceRunsOutWhilePostgreSQLIsAway() {
    var host = NightHost(
      room: room(limit: .seconds(600)), plan: .init(auto: false, startWhen: 3, persists: true, scripted: false))
    for (connection, name) in [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")] {
      _ = host.handle(.heard(connection, join(name), heldMs: 0), now: .zero)
    }
    #expect(host.room.phase == .question(1))
    _ = host.handle(.heard(ann, answer(1, 1), heldMs: 0), now: .seconds(1))
    _ = host.handle(.unreachable, now: .seconds(2))
    for connection in [ann, bob, cat] { _ = host.handle(.closed(connection), now: .seconds(2)) }
    _ = host.handle(.tick, now: .seconds(120))
    #expect(host.room.answerCount.answered == 1 && host.room.answerCount.of == 3)
    #expect(host.nextWake(now: .seconds(120)).map { $0 >= .seconds(121) } == true)
    _ = host.handle(.reachable, now: .seconds(150))
    _ = host.handle(.tick, now: .seconds(209))
    #expect(host.room.answerCount.of == 3)
    #expect(host.room.phase == .question(1))
    // Past the grace given at its return, nobody came back: given up, as in any night.
    _ = host.handle(.tick, now: .seconds(210))
    #expect(host.room.answerCount.of == 1)
  }

  func join(_ name: String) -> String {
    NightWire.encode(PlayerMessage.join(name: name, token: nil))
  }
}
