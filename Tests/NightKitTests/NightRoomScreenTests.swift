import FoundationEssentials
import NightKit
import Testing

/// The big screen (`/CODE/screen`) is a connection that says `watch`: it is sent every stage,
/// with what only a screen shows, and is never a player.
@Suite("A big screen watching a night")
struct NightRoomScreenTests {
  let screen = ConnectionID(9)
  /// A screen's first message, with `night`'s screen key as its address carries it.
  static func watch(_ night: NightRoom) -> String {
    NightWire.encode(PlayerMessage.watch(key: night.screenKey.description))
  }

  @Test func watchIsOneSmallMessageOnTheWire() throws {
    let key = try #require(NightScreenKey("k7tq4m9acdef"))
    #expect(key.description == "K7TQ4M9ACDEF")
    let watch = NightWire.encode(PlayerMessage.watch(key: key.description))
    #expect(watch == #"{"watch":{"key":"K7TQ4M9ACDEF"}}"#)
    #expect(try NightWire.decode(watch) == .watch(key: "K7TQ4M9ACDEF"))
    #expect(try NightWire.decode(#"{"watch":{}}"#) == .watch(key: nil))
  }

  /// The join code is everyone's: a screen slot, and `--on-screen`'s start, need the screen's own
  /// key (#36). Without it, or with a wrong one, a watcher is refused and counts for nothing, so
  /// no player can fill the night's screens and keep the projector out.
  @Test func onlyAScreenWithItsKeyTakesASlot() throws {
    var night = room(questions: 1, onScreen: true)
    night.joinAll(["Ann"])
    let key = night.screenKey.description
    let wrong = String(key.dropLast()) + (key.hasSuffix("3") ? "4" : "3")
    for (number, given) in [nil, "", wrong, key + "3", "K7TQ4M"].enumerated() {
      for _ in 0..<NightRoom.screensMax {
        let connection = ConnectionID(UInt64(100 + number))
        let outputs = night.received(connection, text: NightWire.encode(PlayerMessage.watch(key: given)), now: .zero)
        #expect(closed(outputs) == [connection], "\(given ?? "no key")")
        let refusal = outputs.compactMap { if case .close(_, .refused(let why)) = $0 { why } else { nil } }
        #expect(refusal.first?.contains("Screen address") == true)
      }
    }
    #expect(night.startRefusal?.contains("big screen") == true)
    // The host's screen, its key typed in any case, still finds a slot.
    let outputs = night.received(screen, text: NightWire.encode(PlayerMessage.watch(key: key.lowercased())), now: .zero)
    #expect(closed(outputs).isEmpty)
    #expect(night.startRefusal == nil)
  }

  /// A resumed room keeps its screen's key: the projector's address still opens.
  @Test func aResumedRoomKeepsItsScreensKey() throws {
    let night = room()
    let saved = try JSONDecoder().decode(
      NightRoom.Saved.self, from: JSONEncoder().encode(night.saved(now: .seconds(1))))
    #expect(NightRoom(resuming: saved, now: .zero, generator: TestGenerator(state: 1)).screenKey == night.screenKey)
  }

  /// Everything the screen is sent over a night, with what a player could see at that moment:
  /// the screen has no seat, is not counted, cannot answer, and never learns an answer early.
  @Test func aScreenHasNoSeatIsNotCountedAndSeesOnlyWhatPlayersMay() throws {
    var night = room(questions: 2, limit: .seconds(10))
    night.joinAll(["Ann", "Bob"])
    var seen = messages(night.received(screen, text: Self.watch(night), now: .zero), to: screen)
    #expect(seen.count == 1)
    let lobby = try #require(stage(in: [.send(seen[0], to: [screen])], to: screen))
    #expect(lobby.scene == .lobby && lobby.count == 2 && lobby.names == ["Ann", "Bob"])
    #expect(night.playerCount == 2 && night.connectedCount == 2)

    // A screen that joins, or answers, breaks the protocol: it is closed, and no player is made.
    var other = night
    #expect(
      closed(
        other.received(
          screen, text: NightWire.encode(PlayerMessage.join(name: "Cy", token: nil)),
          now: .zero)) == [screen])
    #expect(other.playerCount == 2)

    let start = night.start(now: .zero)
    seen += messages(start, to: screen)
    let asked = try #require(question(in: start, to: screen))
    #expect(asked.answered == 0 && asked.answering == 2)
    // The players' question is the same one without the count: theirs costs what it did.
    let players = try #require(question(in: start, to: ann))
    #expect(players.answered == nil && players.answering == nil)
    #expect(NightWire.encode(HostMessage.stage(try #require(stage(in: start, to: ann)))).contains(#""in""#) == false)

    // The screen's answer is refused and counts for nothing.
    other = night
    let refused = other.received(screen, text: answer(1, 1), now: .seconds(1))
    #expect(closed(refused) == [screen])
    #expect(other.answerCount == (0, 2))

    // Ann answers: the screen is told the count, at most every screenInterval.
    let first = night.received(ann, text: answer(1, 1), now: .seconds(1))
    seen += messages(first, to: screen)
    #expect(question(in: first, to: screen)?.answered == 1)
    #expect(question(in: first, to: ann) == nil && question(in: first, to: bob) == nil)
    let soon = night.received(bob, text: answer(1, 0), now: .seconds(1) + .milliseconds(10))
    seen += messages(soon, to: screen)
    // Bob's answer closed the question: the screen gets the reveal with its bars.
    let revealed = try #require(stage(in: soon, to: screen))
    guard case .reveal(let bars) = revealed.scene else {
      Issue.record("no reveal: \(revealed.scene)")
      return
    }
    #expect(bars.counts == [1, 1, 0, 0])
    #expect(bars.correct == 1 && bars.question == "Question 1?" && bars.choices == ["A1", "B1", "C1", "D1"])
    #expect(bars.fastest == .init(name: "Ann", ms: 1000))
    guard case .reveal(let plain) = try #require(stage(in: soon, to: ann)).scene else {
      Issue.record("no reveal for Ann")
      return
    }
    #expect(plain.counts == nil && plain.fastest == nil && plain.question == nil && plain.choices == nil)
    #expect(plain.correct == bars.correct && plain.text == bars.text)

    // The standings and the final are the players' own, sent once to everyone.
    let standings = night.next(now: .seconds(2))
    seen += messages(standings, to: screen)
    #expect(standings.count == 1)
    guard case .send(.stage(let table), let receivers) = try #require(standings.first) else {
      Issue.record("no standings")
      return
    }
    #expect(receivers == [ann, bob, screen])
    #expect(table.scene.table?.rows.map(\.name) == ["Ann", "Bob"])

    // Question 2: a count that waits goes out when due (or flushed), and not after the close.
    seen += messages(night.next(now: .seconds(3)), to: screen)
    let due = night.received(ann, text: answer(2, 3), now: .seconds(3) + .milliseconds(100))
    #expect(messages(due, to: screen).isEmpty)
    #expect(night.nextDeadline == .seconds(3) + .milliseconds(250))
    let later = night.tick(now: .seconds(3) + .milliseconds(250))
    seen += messages(later, to: screen)
    #expect(question(in: later, to: screen)?.answered == 1)
    #expect(night.flushScreens(now: .seconds(4)).isEmpty)

    // Every question the screen saw came without its right answer: the stage's JSON has no
    // "correct" until the reveal.
    for message in seen {
      guard case .stage(let stage) = message, case .question = stage.scene else { continue }
      #expect(!NightWire.encode(message).contains("correct"))
    }
    #expect(night.playerCount == 2)

    // Gone: the screen is forgotten, and nobody left for it.
    let gone = night.disconnected(screen, now: .seconds(5))
    #expect(gone.isEmpty)
    #expect(night.connectedCount == 2)
  }

  @Test func aNightTakesAFewScreensAndEndsThem() {
    var night = room()
    night.joinAll(["Ann"])
    for number in 0..<NightRoom.screensMax {
      let outputs = night.received(ConnectionID(UInt64(100 + number)), text: Self.watch(night), now: .zero)
      #expect(closed(outputs).isEmpty)
    }
    let over = night.received(ConnectionID(200), text: Self.watch(night), now: .zero)
    #expect(closed(over) == [ConnectionID(200)])
    let ended = night.end(now: .seconds(1), reason: "The host ended the night.")
    #expect(Set(closed(ended)) == Set([ann] + (0..<NightRoom.screensMax).map { ConnectionID(UInt64(100 + $0)) }))
    #expect(
      closed(night.received(ConnectionID(300), text: Self.watch(night), now: .seconds(2))) == [ConnectionID(300)])
  }

  /// `--on-screen`: the question shows on the big screen alone. It cannot start with no screen
  /// open; once it does, players are sent no text, only how many answers there are, and the
  /// screen the whole question.
  @Test func onScreenTheQuestionGoesToTheScreenAlone() throws {
    var night = room(questions: 1, onScreen: true)
    night.joinAll(["Ann"])
    #expect(night.startRefusal?.contains("big screen") == true)
    #expect(night.start(now: .zero).isEmpty)
    #expect(night.phase == .lobby)
    _ = night.received(screen, text: Self.watch(night), now: .zero)
    #expect(night.startRefusal == nil)
    let start = night.start(now: .zero)
    let players = try #require(question(in: start, to: ann))
    #expect(players.text.isEmpty && players.choices == ["", "", "", ""] && players.onScreen == true)
    #expect(!NightWire.encode(HostMessage.stage(try #require(stage(in: start, to: ann)))).contains("Question 1?"))
    let shown = try #require(question(in: start, to: screen))
    #expect(shown.text == "Question 1?" && shown.choices == ["A1", "B1", "C1", "D1"])
    // Without --on-screen, a night starts with no screen and players get the question.
    var plain = room(questions: 1)
    plain.joinAll(["Ann"])
    #expect(plain.startRefusal == nil)
    #expect(question(in: plain.start(now: .zero), to: ann)?.text == "Question 1?")
  }
}
