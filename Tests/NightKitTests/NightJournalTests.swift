import NightKit
import Testing

/// What a room took between two saves, written before its players hear of it, and taken again
/// by a room resumed from the older save.
@Suite("The room's journal")
struct NightJournalTests {
  static let plan = NightHost.Plan(auto: false, startWhen: 3, persists: true, scripted: false)

  func join(_ name: String, token: String? = nil) -> String {
    NightWire.encode(PlayerMessage.join(name: name, token: token))
  }

  func journal(_ effects: [NightHost.Effect]) -> [NightJournalEntry] {
    effects.flatMap { effect -> [NightJournalEntry] in
      if case .journal(let entries) = effect { entries } else { [] }
    }
  }

  func welcome(_ effects: [NightHost.Effect]) -> NightWelcome? {
    effects.lazy.compactMap { effect -> NightWelcome? in
      if case .output(.send(.welcome(let welcome), _)) = effect { welcome } else { nil }
    }.first
  }

  /// A night of three on question 1, saved; then Ann answers and Dan joins before the next save.
  func nightPastItsSave() -> (
    host: NightHost, saved: NightRoom.Saved, journal: [NightJournalEntry], tokens: [String: String]
  ) {
    var host = NightHost(room: room(), plan: Self.plan)
    var written: [NightJournalEntry] = []
    var tokens: [String: String] = [:]
    func take(_ effects: [NightHost.Effect]) {
      written += journal(effects)
      if let welcome = welcome(effects) { tokens[welcome.you.name] = welcome.token }
    }
    for (connection, name) in [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")] {
      take(host.handle(.heard(connection, join(name), heldMs: 0), now: .zero))
    }
    #expect(host.room.phase == .question(1))
    let saved = host.room.saved(now: .seconds(1))
    take(host.handle(.heard(ann, answer(1, 1), heldMs: 0), now: .seconds(3)))
    take(host.handle(.heard(ConnectionID(4), join("Dan"), heldMs: 0), now: .seconds(4)))
    return (host, saved, written, tokens)
  }

  @Test func anEntryIsWrittenBeforeTheVerdictItStandsFor() throws {
    var host = NightHost(room: room(), plan: Self.plan)
    for (connection, name) in [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")] {
      _ = host.handle(.heard(connection, join(name), heldMs: 0), now: .zero)
    }
    let effects = host.handle(.heard(ann, answer(1, 1), heldMs: 0), now: .seconds(3))
    let written = try #require(effects.firstIndex { if case .journal = $0 { true } else { false } })
    let verdict = try #require(
      effects.firstIndex { if case .output(.send(.you(let you), _)) = $0 { you.answer != nil } else { false } })
    #expect(written < verdict)
    // One host keeps no save, and so no journal.
    var alone = NightHost(room: room(), plan: .init(auto: false, startWhen: 3, persists: false, scripted: false))
    for (connection, name) in [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")] {
      #expect(journal(alone.handle(.heard(connection, join(name), heldMs: 0), now: .zero)).isEmpty)
    }
    #expect(journal(alone.handle(.heard(ann, answer(1, 1), heldMs: 0), now: .seconds(3))).isEmpty)
  }

  @Test func aRoomResumedFromAnOlderSaveTakesAgainWhatItsJournalHolds() throws {
    let (_, saved, written, tokens) = nightPastItsSave()
    // Through its lines, as PostgreSQL keeps it.
    let read = written.compactMap { NightJournalEntry(line: Substring($0.line)) }
    #expect(read == written)
    #expect(NightJournalEntry(line: "7 abc q 1 2 3") == nil)
    #expect(NightJournalEntry(line: "7 abc a 1 2") == nil)
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(saved, savedAgo: .seconds(9), journal: read, generator: TestGenerator(state: 3)), now: .seconds(10))
    #expect(resumed.room.names.sorted() == ["Ann", "Bob", "Cat", "Dan"])
    // Ann comes back with her token: her answer is still taken, 3 s in.
    let back = resumed.handle(.heard(ConnectionID(9), join("Ann", token: tokens["Ann"]), heldMs: 0), now: .seconds(11))
    #expect(welcome(back)?.you.answer == NightYou.Answer(question: 1, choice: 1))
    // Dan, who joined after the save, comes back as himself rather than as a stranger.
    let danBack = resumed.handle(
      .heard(ConnectionID(10), join("Dan", token: tokens["Dan"]), heldMs: 0), now: .seconds(11))
    #expect(danBack.contains(.output(.host(.back("Dan")))))
    // The reveal scores Ann's answer as she gave it.
    let closing = resumed.handle(.next, now: .seconds(12))
    let record = try #require(closing.compactMap { if case .revealed(let record) = $0 { record } else { nil } }.first)
    #expect(record.answers.first { $0.name == "Ann" }?.ms == 3_000)
  }

  /// Issue 36: the journal waited in `trivia_frames`, which edges read: its lines held each
  /// token in clear. They hold its hash; a journal written before (tokens in clear) is still
  /// taken again, and Dan, who joined after the save, comes back with his token either way.
  @Test func theJournalHoldsNoTokenAndAnOldOneIsStillTakenAgain() throws {
    let (_, saved, written, tokens) = nightPastItsSave()
    let lines = written.map(\.line)
    for (name, token) in tokens {
      #expect(!lines.contains { $0.contains(token) }, "\(name)'s token in clear: \(lines)")
    }
    #expect(lines.contains { $0.contains(TokenHash.of(tokens["Dan"]!)) })
    let old = lines.map { line in
      tokens.values.reduce(line) { $0.replacing(TokenHash.of($1), with: $1) }
    }
    #expect(old.contains { $0.contains(tokens["Dan"]!) })
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(
        saved, savedAgo: .seconds(9), journal: old.compactMap { NightJournalEntry(line: Substring($0)) },
        generator: TestGenerator(state: 3)), now: .seconds(10))
    let danBack = resumed.handle(
      .heard(ConnectionID(10), join("Dan", token: tokens["Dan"]), heldMs: 0), now: .seconds(11))
    #expect(danBack.contains(.output(.host(.back("Dan")))))
  }

  /// A journal is kept where others can write (a table edges read, a damaged disk): a time
  /// no room could have taken is not taken, however large, and the reveal scores the rest.
  @Test(arguments: [Int.min, -1, Int.max, 3_600_001])
  func anAnswerAtATimeNoRoomTakesIsNotTakenAgain(ms: Int) throws {
    let (_, saved, written, _) = nightPastItsSave()
    let lines = written.map(\.line).map { line in
      line.contains(" a 1 1 ") ? line.replacing(" a 1 1 3000", with: " a 1 1 \(ms)") : line
    }
    #expect(lines.contains { $0.hasSuffix(" a 1 1 \(ms)") })
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(
        saved, savedAgo: .seconds(9), journal: lines.compactMap { NightJournalEntry(line: Substring($0)) },
        generator: TestGenerator(state: 3)), now: .seconds(10))
    #expect(resumed.room.answerCount.answered == 0)
    let closing = resumed.handle(.next, now: .seconds(12))
    let record = try #require(closing.compactMap { if case .revealed(let record) = $0 { record } else { nil } }.first)
    #expect(record.answers.first { $0.name == "Ann" }?.choice == nil)
  }

  /// Found by the room fuzz target: an entry numbered `Int.max` became the room's count, and
  /// the next entry overflowed it. Such an entry is no room's, and is passed over.
  @Test func anEntryNumberedPastAnyNightIsPassedOver() throws {
    let (_, saved, written, _) = nightPastItsSave()
    let lines = written.map(\.line).map { line in
      line.contains(" s ") ? "9223372036854775807" + line.drop { $0 != " " } : line
    }
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(
        saved, savedAgo: .seconds(9), journal: lines.compactMap { NightJournalEntry(line: Substring($0)) },
        generator: TestGenerator(state: 3)), now: .seconds(10))
    #expect(resumed.room.names.sorted() == ["Ann", "Bob", "Cat"])
    let joined = resumed.handle(.heard(ConnectionID(12), join("Eve"), heldMs: 0), now: .seconds(11))
    #expect(journal(joined).map(\.number).allSatisfy { $0 < 100 })
  }

  /// A seat's total time is added to at every question: one past what a save may hold is no
  /// seat this room gave, and is passed over.
  @Test func aSeatWithATotalPastAnyNightIsPassedOver() throws {
    let (_, saved, written, _) = nightPastItsSave()
    let lines = written.map(\.line).map { line in
      guard line.contains(" s ") else { return line }
      var words = line.split(separator: " ", maxSplits: 5).map(String.init)
      words[4] = "9223372036854775807"
      return words.joined(separator: " ")
    }
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(
        saved, savedAgo: .seconds(9), journal: lines.compactMap { NightJournalEntry(line: Substring($0)) },
        generator: TestGenerator(state: 3)), now: .seconds(10))
    #expect(resumed.room.names.sorted() == ["Ann", "Bob", "Cat"])
    _ = resumed.handle(.next, now: .seconds(12))
  }

  @Test func withoutItsJournalTheSameResumeForgets() throws {
    let (_, saved, _, _) = nightPastItsSave()
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(saved, savedAgo: .seconds(9), journal: [], generator: TestGenerator(state: 3)), now: .seconds(10))
    #expect(resumed.room.names.sorted() == ["Ann", "Bob", "Cat"])
  }

  @Test func entriesTheSaveHoldsAreNotTakenTwice() throws {
    let (host, _, written, _) = nightPastItsSave()
    // Saved after every entry: the journal adds nothing, and counts nothing twice.
    let saved = host.room.saved(now: .seconds(5))
    var resumed = NightHost(room: room(), plan: Self.plan)
    _ = resumed.handle(
      .resumed(saved, savedAgo: .zero, journal: written + written, generator: TestGenerator(state: 3)), now: .seconds(5)
    )
    #expect(resumed.room.names.sorted() == ["Ann", "Bob", "Cat", "Dan"])
    #expect(resumed.room.playerCount == 4)
    #expect(resumed.room.answerCount.answered == 1)
  }
}
