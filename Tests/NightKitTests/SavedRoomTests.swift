import FoundationEssentials
import NightKit
import Testing

@Suite("Saving a room and resuming it in another process")
struct SavedRoomTests {
  /// Far from the first clock: the new process counts from its own start.
  let later = Duration.seconds(1_000_000)

  @Test func aQuestionResumesWithItsAnswersItsTimeAndItsPlayers() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(2))
    _ = night.received(bob, text: answer(1, 0), now: .seconds(3))
    var resumed = try resume(night, savedAt: .seconds(5))
    #expect(resumed.phase == .question(1))
    #expect(resumed.playerCount == 3 && resumed.connectedCount == 0)
    // The 15 s left at the save are left now.
    #expect(resumed.nextDeadline == later + .seconds(15))
    #expect(resumed.answerCount == (answered: 2, of: 3))

    let back = resumed.join(ConnectionID(11), name: "", token: tokens[0], now: later + .seconds(1))
    #expect(notices(back) == [.back("Ann")])
    let welcomed = try #require(welcome(in: back, to: ConnectionID(11)))
    #expect(welcomed.token == tokens[0] && welcomed.you.name == "Ann" && welcomed.you.score == 0)
    #expect(welcomed.you.answer == NightYou.Answer(question: 1, choice: 1))
    #expect(question(in: back, to: ConnectionID(11))?.msLeft == 14_000)
    _ = resumed.join(ConnectionID(12), name: "", token: tokens[1], now: later + .seconds(1))
    _ = resumed.join(ConnectionID(13), name: "", token: tokens[2], now: later + .seconds(2))
    // Everyone is back and has answered: it closes, as the uninterrupted night does.
    let reveal = resumed.received(ConnectionID(13), text: answer(1, 1), now: later + .seconds(3))
    #expect(resumed.phase == .reveal(1))

    // The same night, never interrupted: Cat answers 8 s into the question there too.
    _ = night.received(cat, text: answer(1, 1), now: .seconds(8))
    #expect(night.phase == .reveal(1))
    #expect(verdict(in: reveal, to: ConnectionID(11))?.points == NightScore.points(msLeft: 18_000, limitMs: 20_000))
    #expect(verdict(in: reveal, to: ConnectionID(12))?.choice == 0)
    #expect(resumed.revealView == night.revealView)
    #expect(resumed.revealedAnswers == night.revealedAnswers)

    playOn(&night, as: [ann, bob, cat], from: .seconds(30))
    playOn(&resumed, as: (11...13).map { ConnectionID($0) }, from: later + .seconds(30))
    #expect(resumed.phase == .final && night.phase == .final)
    #expect(resumed.finalView == night.finalView)
  }

  /// A room restarted 3 s after its last save, 5 s into a question of 20: the question ends
  /// where it would have, 12 s after the restart, not 15 (a countdown that jumped back).
  @Test func aQuestionResumedKeepsTheDeadlineItOpenedWith() throws {
    var night = room()
    _ = try joinThree(&night)
    _ = night.start(now: .zero)
    let saved = try JSONDecoder().decode(
      NightRoom.Saved.self, from: JSONEncoder().encode(night.saved(now: .seconds(5))))
    let resumed = NightRoom(resuming: saved, now: later, savedAgo: .seconds(3), generator: TestGenerator(state: 7))
    #expect(resumed.nextDeadline == later + .seconds(12))
    #expect(resumed.countdown.secondsLeft(at: later) == 12)
  }

  @Test func aResumedQuestionWaitsForEveryoneBackThoughThoseBackHaveAnswered() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(1))
    var resumed = try resume(night, savedAt: .seconds(4))
    // Nobody is back yet: the question waits for them.
    #expect(resumed.tick(now: later).isEmpty)
    // Ann, who had answered, is back alone: before the save this would have closed it.
    _ = resumed.join(ConnectionID(11), name: "", token: tokens[0], now: later + .seconds(1))
    _ = resumed.tick(now: later + .seconds(2))
    #expect(resumed.phase == .question(1))
    #expect(resumed.answerCount == (answered: 1, of: 3))
    _ = resumed.tick(now: later + .seconds(16))
    #expect(resumed.phase == .reveal(1))
    // The next question waits as well for Bob and Cat, who hold their places, till its deadline.
    _ = resumed.next(now: later + .seconds(17))
    _ = resumed.next(now: later + .seconds(18))
    _ = resumed.received(ConnectionID(11), text: answer(2, 1), now: later + .seconds(19))
    #expect(resumed.phase == .question(2))
    _ = resumed.tick(now: later + .seconds(38))
    #expect(resumed.phase == .reveal(2))
  }

  @Test func aResumedQuestionClosesOnceEveryoneHoldingAPlaceHasAnswered() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    for (player, choice) in [(ann, 1), (bob, 0)] {
      _ = night.received(player, text: answer(1, choice), now: .seconds(1))
    }
    var resumed = try resume(night, savedAt: .seconds(4))
    _ = resumed.join(ConnectionID(11), name: "", token: tokens[0], now: later)
    _ = resumed.join(ConnectionID(13), name: "", token: tokens[2], now: later)
    // Bob, still away, answered before the save: with Cat's, everyone holding a place has.
    _ = resumed.received(ConnectionID(13), text: answer(1, 1), now: later + .seconds(1))
    #expect(resumed.phase == .reveal(1))
    // Back, he is shown his own verdict.
    let back = resumed.join(ConnectionID(12), name: "", token: tokens[1], now: later + .seconds(2))
    #expect(verdict(in: back, to: ConnectionID(12))?.choice == 0)
  }

  @Test func aLobbyResumesWithItsNamesAndStarts() throws {
    var night = room()
    let tokens = try joinThree(&night)
    var resumed = try resume(night, savedAt: .seconds(5))
    #expect(resumed.phase == .lobby && resumed.names == ["Ann", "Bob", "Cat"])
    let back = resumed.join(ConnectionID(11), name: "", token: tokens[1], now: later)
    #expect(welcome(in: back, to: ConnectionID(11))?.you.name == "Bob")
    #expect(stage(in: back, to: ConnectionID(11))?.names == ["Ann", "Bob", "Cat"])
    // Ann's name is still hers while her grace runs.
    #expect(closed(resumed.join(ConnectionID(12), name: "ann", token: nil, now: later)) == [ConnectionID(12)])
    let dan = resumed.join(ConnectionID(13), name: "Dan", token: nil, now: later)
    #expect(welcome(in: dan, to: ConnectionID(13))?.token.count == 32)
    #expect(!tokens.contains(try #require(welcome(in: dan, to: ConnectionID(13))).token))
    let start = resumed.start(now: later + .seconds(1))
    #expect(question(in: start, to: ConnectionID(13))?.msLeft == 20_000)
    // Ann and Cat, away within their grace, hold their places: the question waits for them too.
    #expect(resumed.answerCount == (answered: 0, of: 4))
  }

  @Test func aRevealResumesWithItsBarsAndVerdicts() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.received(ann, text: answer(1, 1), now: .seconds(2))
    _ = night.received(bob, text: answer(1, 1), now: .seconds(1))
    _ = night.received(cat, text: answer(1, 2), now: .seconds(3))
    #expect(night.phase == .reveal(1))
    var resumed = try resume(night, savedAt: .seconds(10))
    #expect(resumed.revealView == night.revealView && resumed.revealView?.fastest?.name == "Bob")
    #expect(resumed.revealedAnswers == night.revealedAnswers)
    let back = resumed.join(ConnectionID(11), name: "", token: tokens[0], now: later)
    let seen = try #require(verdict(in: back, to: ConnectionID(11)))
    #expect(seen.choice == 1 && seen.points == NightScore.points(msLeft: 18_000, limitMs: 20_000) && seen.place == 2)
    _ = resumed.next(now: later + .seconds(1))
    _ = night.next(now: .seconds(11))
    #expect(resumed.phase == .standings(1))
    #expect(resumed.standingsView.rows.map(\.name) == night.standingsView.rows.map(\.name))
    #expect(resumed.standingsView.rows.map(\.score) == night.standingsView.rows.map(\.score))
  }

  @Test func standingsResumeOntoTheNextQuestion() throws {
    var night = room()
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.received(cat, text: answer(1, 1), now: .seconds(1))
    _ = night.next(now: .seconds(5))
    _ = night.next(now: .seconds(6))
    var resumed = try resume(night, savedAt: .seconds(30))
    #expect(resumed.phase == .standings(1))
    let back = resumed.join(ConnectionID(13), name: "", token: tokens[2], now: later)
    let you = try #require(welcome(in: back, to: ConnectionID(13))).you
    #expect(you.name == "Cat" && you.place == 1 && you.score == NightScore.points(msLeft: 19_000, limitMs: 20_000))
    guard case .standings(let table) = stage(in: back, to: ConnectionID(13))?.scene else {
      Issue.record("no standings in \(back)")
      return
    }
    #expect(table.rows.map(\.name) == ["Cat", "Ann", "Bob"])
    #expect(table.rows.map(\.left) == [false, true, true])
    let asked = resumed.next(now: later + .seconds(1))
    #expect(question(in: asked, to: ConnectionID(13)).map { ($0.number, $0.msLeft) } ?? (0, 0) == (2, 20_000))
  }

  @Test func theFinalTableResumesAndTokensStillWork() throws {
    var night = room(questions: 1)
    let tokens = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.received(bob, text: answer(1, 1), now: .seconds(4))
    _ = night.next(now: .seconds(5))
    _ = night.next(now: .seconds(6))
    _ = night.next(now: .seconds(7))
    #expect(night.phase == .final)
    var resumed = try resume(night, savedAt: .seconds(8))
    #expect(resumed.phase == .final)
    #expect(resumed.finalView.rows.map(\.name) == night.finalView.rows.map(\.name))
    #expect(resumed.finalView.rows.map(\.score) == night.finalView.rows.map(\.score))
    #expect(resumed.finalView.rows.allSatisfy { $0.left })
    let back = resumed.join(ConnectionID(12), name: "", token: tokens[1], now: later)
    #expect(welcome(in: back, to: ConnectionID(12))?.you.place == 1)
    #expect(closed(resumed.join(ConnectionID(14), name: "Dan", token: nil, now: later)) == [ConnectionID(14)])
  }

  @Test func anEndedNightStaysEnded() throws {
    var night = room()
    _ = try joinThree(&night)
    _ = night.start(now: .zero)
    _ = night.next(now: .seconds(1))
    _ = night.end(now: .seconds(2), reason: "Fire alarm.")
    var resumed = try resume(night, savedAt: .seconds(3))
    #expect(resumed.stage(now: later) == night.stage(now: .seconds(3)))
    #expect(resumed.nextDeadline == nil)
    #expect(closed(resumed.join(ConnectionID(14), name: "Dan", token: nil, now: later)) == [ConnectionID(14)])
  }

  @Test func aPlayerWhoNeverComesBackIsGivenUpAfterTheGraceFromTheResume() throws {
    var night = room(limit: .seconds(100), maxPlayers: 3)
    _ = try joinThree(&night)
    _ = night.start(now: .zero)
    // Cat dropped 20 s before the save: 40 s of her grace are left.
    _ = night.disconnected(cat, now: .seconds(5))
    var resumed = try resume(night, savedAt: .seconds(25))
    #expect(resumed.nextDeadline == later + .seconds(40))
    // Their places still count against the night's size.
    #expect(
      closed(resumed.join(ConnectionID(15), name: "Eve", token: nil, now: later + .seconds(30))) == [ConnectionID(15)])
    #expect(notices(resumed.tick(now: later + .seconds(40))) == [.gone("Cat")])
    #expect(notices(resumed.tick(now: later + .seconds(59))).isEmpty)
    #expect(notices(resumed.tick(now: later + .seconds(60))) == [.gone("Ann"), .gone("Bob")])
    #expect(resumed.finalView.rows.count == 3 && resumed.finalView.rows.allSatisfy { $0.left })
    // Their places no longer count: a newcomer gets in a night of 3.
    let dan = resumed.join(ConnectionID(14), name: "Dan", token: nil, now: later + .seconds(61))
    #expect(welcome(in: dan, to: ConnectionID(14)) != nil)
  }

  @Test func aSavedNightNamingNoSuchSeatIsNotDecoded() throws {
    var night = room()
    _ = try joinThree(&night)
    let text = try encoded(night.saved(now: .zero))
    #expect(text.contains(#""order":[0,1,2]"#))
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        NightRoom.Saved.self, from: Data(text.replacing("\"order\":[0,1,2]", with: "\"order\":[0,1,1]").utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        NightRoom.Saved.self, from: Data(text.replacing("\"phase\":\"lobby\"", with: "\"phase\":\"reveal 1\"").utf8))
    }
  }

  /// A save is kept where others can write: a score or a time no night reaches would overflow
  /// what the resumed room adds to it, so such a save is not decoded.
  @Test(arguments: [
    #""m":9223372036854775807"#, #""m":-1"#, #""s":9223372036854775807,"m":0"#, #""p":-5,"m":0"#,
    #""w":-1,"m":0"#, #""r":-9223372036854775808,"m":0"#,
  ])
  func aSavedSeatWithAScoreOrTimeNoNightReachesIsNotDecoded(seat: String) throws {
    var night = room()
    _ = try joinThree(&night)
    let text = try encoded(night.saved(now: .zero))
    #expect(text.contains(#""m":0"#))
    #expect(throws: Never.self) { try JSONDecoder().decode(NightRoom.Saved.self, from: Data(text.utf8)) }
    let damaged = text.replacing(#""m":0"#, with: seat, maxReplacements: 1)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(NightRoom.Saved.self, from: Data(damaged.utf8)) }
  }

  /// Found by the room fuzz target: counts the room goes on adding to (the journal's entries,
  /// the rounds) at `Int.max` overflowed at the next join or question.
  @Test(arguments: [#""journaled":9223372036854775807"#, #""round":9223372036854775807"#, #""played":-1"#])
  func aSaveWithACountNoNightReachesIsNotDecoded(count: String) throws {
    var night = room()
    _ = try joinThree(&night)
    let text = try encoded(night.saved(now: .zero))
    let key = String(count.prefix { $0 != ":" })
    let current = try #require(text.firstRange(of: try Regex(key + ":[0-9]+")))
    var damaged = text
    damaged.replaceSubrange(current, with: count)
    #expect(damaged != text)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(NightRoom.Saved.self, from: Data(damaged.utf8)) }
  }

  @Test(arguments: [NightPhase.lobby, .question(2), .reveal(3), .standings(12), .final, .ended])
  func aPhaseIsSavedAsOneString(phase: NightPhase) throws {
    let text = String(decoding: try JSONEncoder().encode([phase]), as: UTF8.self)
    #expect(try JSONDecoder().decode([NightPhase].self, from: Data(text.utf8)) == [phase])
    #expect(text.hasPrefix("[\"") && !text.contains("{"))
  }

  @Test func fiveThousandPlayersSaveInUnderThreeQuartersOfAMegabyte() throws {
    var night = room(maxPlayers: 5_000)
    let players = (1...5_000).map { ConnectionID(UInt64($0)) }
    for player in players { _ = night.join(player, name: "Player \(player.rawValue)", token: nil, now: .zero) }
    _ = night.start(now: .zero)
    for player in players {
      _ = night.received(player, text: answer(1, Int(player.rawValue % 4)), now: .milliseconds(Int(player.rawValue)))
    }
    // Everyone answered: the question closed; the standings, then the second question.
    _ = night.next(now: .seconds(20))
    _ = night.next(now: .seconds(22))
    #expect(night.phase == .question(2))
    for player in players.prefix(2_500) { _ = night.received(player, text: answer(2, 1), now: .seconds(25)) }
    let saved = night.saved(now: .seconds(30))
    let bytes = try JSONEncoder().encode(saved).count
    // Measured: 717,191 bytes, about 131 a player (64 of them the hash of its token, #36) and
    // 12 a player for each question closed (the room's record, whole after a resume).
    #expect(bytes < 760_000)
    #expect(try JSONDecoder().decode(NightRoom.Saved.self, from: JSONEncoder().encode(saved)) == saved)
  }

  // MARK: - Helpers

  /// Ann, Bob and Cat on connections 1, 2, 3: their tokens.
  private func joinThree(_ night: inout NightRoom) throws -> [String] {
    try [(ann, "Ann"), (bob, "Bob"), (cat, "Cat")].map { connection, name in
      try #require(welcome(in: night.join(connection, name: name, token: nil, now: .zero), to: connection)).token
    }
  }

  private func encoded(_ saved: NightRoom.Saved) throws -> String {
    String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
  }

  /// The room saved at `savedAt`, through JSON, resumed `later` with its generator seeded again
  /// as the first one was (as a scripted host's would be).
  private func resume(_ night: NightRoom, savedAt: Duration) throws -> NightRoom {
    let saved = night.saved(now: savedAt)
    let decoded = try JSONDecoder().decode(NightRoom.Saved.self, from: try JSONEncoder().encode(saved))
    #expect(decoded == saved)
    return NightRoom(resuming: decoded, now: later, generator: TestGenerator(state: 42))
  }

  /// The rest of the night from its first reveal, the same events at the same offsets.
  private func playOn(_ night: inout NightRoom, as players: [ConnectionID], from start: Duration) {
    _ = night.next(now: start)
    for number in 2...3 {
      let asked = start + .seconds(30 * number)
      _ = night.next(now: asked)
      for (rank, player) in players.enumerated() {
        _ = night.received(player, text: answer(number, (rank + number) % 3), now: asked + .seconds(rank + number))
      }
      _ = night.next(now: asked + .seconds(10))
      _ = night.next(now: asked + .seconds(11))
    }
  }
}
