import FoundationEssentials

/// libFuzzer target for a night's kept state: a room's save and the journal after it, which
/// wait where edges can read them (PostgreSQL) and a damaged disk can change them. The input
/// is a program: a night played by its first bytes (players join, answer, leave, the host
/// moves on), saved, its JSON and its journal's lines changed by the bytes after, then read
/// back. A save that decodes resumes with any journal, and plays on to its end without
/// trapping, as `NightRoom.Saved` promises; and a room's own save always reads back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoom(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = fuzzBytes(data, size)[...]
  func byte() -> UInt8 { input.popFirst() ?? 0 }
  var now = Duration.seconds(1)
  var room = NightRoom(
    title: "Fuzz", questions: RoomFuzz.questions, limit: .seconds(10), maxPlayers: 8,
    generator: SeededGenerator(seed: 7))
  var kept: NightRoom.Saved?
  var journal: [NightJournalEntry] = []
  // The night: a step a byte, until a zero byte or 64 steps. 0xFF saves it there (once); the
  // journal is what the room took after, as a process killed between two saves leaves it.
  for _ in 0..<64 {
    let step = byte()
    if step == 0 { break }
    if step == 0xFF, kept == nil {
      kept = room.saved(now: now)
      _ = room.takeJournal()
      continue
    }
    RoomFuzz.play(step, on: &room, now: &now)
    journal += room.takeJournal()
  }
  if kept == nil { journal = [] }
  let save = kept ?? room.saved(now: now)
  let written = try! JSONEncoder().encode(save)
  let readBack = Result { try JSONDecoder().decode(NightRoom.Saved.self, from: written) }
  require(
    (try? readBack.get()) == save,
    "a room's own save did not read back: \(readBack) from \(String(decoding: written, as: UTF8.self))")
  // The save and the journal changed: pairs of a position and a byte, until the input ends.
  // A byte from 0xF8 up puts one of the extremes in its place, which byte by byte a fuzzer
  // would hardly spell.
  var text = Array(written) + Array("\n--\n".utf8) + Array(journal.map(\.line).joined(separator: "\n").utf8)
  while !input.isEmpty, !text.isEmpty {
    let position = (Int(byte()) << 8 | Int(byte())) % text.count
    let value = byte()
    if value >= 0xF8 {
      text.replaceSubrange(position...position, with: RoomFuzz.extremes[Int(value - 0xF8)].utf8)
    } else {
      text[position] = value
    }
  }
  let parts = text.split(separator: Array("\n--\n".utf8), maxSplits: 1)
  guard let first = parts.first,
    let changed = try? JSONDecoder().decode(NightRoom.Saved.self, from: Data(first))
  else { return 0 }
  let lines = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self).split(separator: "\n") : []
  var resumed = NightRoom(
    resuming: changed, now: now + .seconds(5), savedAgo: .seconds(2),
    journal: lines.compactMap(NightJournalEntry.init(line:)), generator: SeededGenerator(seed: 9))
  var later = now + .seconds(5)
  for step in UInt8(1)...60 { RoomFuzz.play(step &* 37, on: &resumed, now: &later) }
  _ = resumed.end(now: later, reason: "fuzz")
  _ = resumed.stage(now: later)
  return 0
}

enum RoomFuzz {
  static let extremes = [
    "-9223372036854775808", "9223372036854775807", "-1", "0", "4294967296", "1e400", "null", "[]",
  ]

  static let questions = (1...3).map { n in
    NightQuestion(
      text: "Q\(n)?", choices: ["A", "B", "C", "D"], correct: n % 4, category: "C", difficulty: nil,
      seconds: n == 2 ? 5 : nil)
  }

  /// One step of a night, told by `step`: its low bits the player, the rest what happens.
  static func play(_ step: UInt8, on room: inout NightRoom, now: inout Duration) {
    let player = ConnectionID(UInt64(step & 7) + 1)
    switch step >> 3 {
    case 0...7: _ = room.join(player, name: "P\(step & 7)", token: nil, now: now)
    case 8...17:
      let question =
        switch room.phase {
        case .question(let number), .reveal(let number), .standings(let number): number
        case .lobby, .final, .ended: 1
        }
      let text = #"{"answer":{"q":\#(question),"c":\#(Int(step >> 3) % 5)}}"#
      _ = room.received(player, text: text, now: now)
    case 18...19: _ = room.disconnected(player, now: now)
    case 20...23: _ = room.next(now: now)
    case 24...25: _ = room.skip(now: now)
    case 26...27: _ = room.start(now: now)
    default: now += .milliseconds(Int(step) * 97)
    }
    _ = room.tick(now: now)
    _ = room.stage(now: now)
  }
}
