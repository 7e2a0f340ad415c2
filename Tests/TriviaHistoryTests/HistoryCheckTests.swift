import CSQLite
import Foundation
import Glibc
import Testing
import TriviaData

@testable import TriviaHistory

/// The history file checked, not assumed: a version no trivia of this kind knows, a page of
/// random bytes, damage met in the middle of a game, a file replaced under a saved round, a
/// symbolic link in the file's place.
extension SQLiteHistoryTests {
  /// Runs `sql` with a connection of the test's own, closed at once (its log folded in).
  func execute(_ sql: String) throws { try SQLiteShell.execute(sql, in: path) }

  /// A history the game made, then `count` answers more, all of it in the file itself.
  func makeHistory(answers count: Int) throws {
    let maker = history()
    maker.answered(answer("Seed?", right: true), inRound: nil)
    maker.close()
    try execute(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
      INSERT INTO answers (source, question_id, question, category, chosen, correct_answer, is_right, seconds)
      SELECT 'bundled', i * 7919, 'Question ' || i || ': which of these is the one asked about here?', 'Science',
        'Au', 'Au', i % 2, 2.5 FROM n;
      """)
    try #require(!FileManager.default.fileExists(atPath: path + "-wal"))
    try #require(messages.lines.isEmpty)
  }

  /// A leaf page of `table` from the middle: one a game adding answers does not read.
  func middleLeaf(of table: String) throws -> Int {
    let leaves = try rows("SELECT pageno FROM dbstat WHERE name = '\(table)' AND pagetype = 'leaf' ORDER BY pageno")
    try #require(leaves.count >= 3, "\(table) has \(leaves.count) leaves")
    return try #require(Int(leaves[leaves.count / 2][0]))
  }

  /// Overwrites page `page` (from 1) with 4 KiB of random bytes.
  func overwrite(page: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let descriptor = Glibc.open(path, O_WRONLY)
    try #require(descriptor >= 0)
    defer { Glibc.close(descriptor) }
    try #require(pwrite(descriptor, bytes, bytes.count, off_t((page - 1) * 4096)) == bytes.count)
  }

  func contents(_ file: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: file))
  }

  /// The files moved aside as `history.sqlite.KIND-DATE`: the file itself, without its -wal and -shm.
  func keptAside(_ kind: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder + "/state/trivia")
      .filter { $0.hasPrefix("history.sqlite.\(kind)-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
      .map { folder + "/state/trivia/" + $0 }
  }

  @Test(arguments: [-1, 0, 99999])
  func aVersionThisTriviaDoesNotKnowIsLeftAsItIsAndTheGamePlaysWithoutHistory(version: Int) throws {
    try makeHistory(answers: 10)
    try execute("PRAGMA user_version = \(version)")
    let before = try contents(path)
    let history = history()
    #expect(
      history.roundStarted(PlayedRound(source: "b", questionCount: 1, difficulty: "mixed", category: nil, total: 1))
        == nil)
    history.answered(answer("One?", right: true), inRound: nil)
    #expect(history.askedQuestions().isEmpty)
    #expect(history.stats(category: nil) == nil)
    #expect(!history.isKept)
    history.close()
    let which =
      switch version {
      case -1: "has version -1, which no trivia writes"
      // Tables without a version: migrating them failed on "table rounds already exists".
      case 0: "holds tables but no version, which no trivia writes"
      default: "was written by a newer trivia (version 99999, this one knows \(HistorySchema.version))"
      }
    #expect(messages.lines == ["\(path) \(which); it is left as it is, and this game keeps no history."])
    #expect(try contents(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  /// Byte 18 of the header is the format a writer needs: over 2, SQLite opens the file for
  /// reading only. Said as the file opens, not as the first answer fails to be written.
  @Test func aFileSQLiteCanOnlyReadIsSaidAsItOpensAndLeftAsItIs() throws {
    try makeHistory(answers: 10)
    var bytes = [UInt8](try contents(path))
    bytes[18] = 3
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let history = history()
    history.answered(answer("One?", right: true), inRound: nil)
    #expect(!history.isKept)
    history.close()
    #expect(
      messages.lines == [
        "History not kept: \(path) can only be read (its mode, or the format of a newer SQLite); it is left as it is."
      ])
    #expect(try [UInt8](contents(path)) == bytes)
  }

  /// A leaf of `answers` is met by no statement of a short game: the check finds it. The
  /// `asked` table is read whole as a round is dealt: that statement meets it first.
  @Test(arguments: ["answers", "asked"])
  func aPageOfRandomBytesIsFoundAndTheFileMovedAsideAsItWas(table: String) throws {
    try makeHistory(answers: 3000)
    try overwrite(page: try middleLeaf(of: table))
    let damaged = try contents(path)
    let history = history()
    // As a round is dealt, then played to the end, then another answer.
    _ = history.askedQuestions()
    let round = history.roundStarted(
      PlayedRound(source: "b", questionCount: 2, difficulty: "mixed", category: nil, total: 2))
    history.answered(answer("One?", right: true), inRound: round)
    history.answered(answer("Two?", right: false), inRound: round)
    history.roundEnded(round, score: 1, how: .completed)
    history.answered(answer("Three?", right: true), inRound: nil)
    history.close()

    #expect(messages.lines.count == 1, "\(messages.lines)")
    let kept = try keptAside("corrupt")
    try #require(kept.count == 1)
    #expect(messages.lines.first == "\(path) was damaged; it is kept as \(kept[0]), and a new history begins.")
    #expect(try contents(kept[0]) == damaged, "kept byte for byte, nothing of this game folded into it")
    // The new history holds the whole round and what came after.
    #expect(try rows("SELECT question FROM answers ORDER BY id") == [["One?"], ["Two?"], ["Three?"]])
    #expect(try rows("SELECT score, ended_how FROM rounds") == [["1", "completed"]])
    #expect(try rows("PRAGMA integrity_check") == [["ok"]])
    #expect(history.isKept)
  }

  @Test func damageMetDuringAGameMovesTheFileAsideAndTheRoundGoesOnInANewOne() throws {
    try makeHistory(answers: 3000)
    let history = history()
    let first = history.roundStarted(
      PlayedRound(source: "b", questionCount: 1, difficulty: "mixed", category: nil, total: 1))
    history.answered(answer("First?", right: true), inRound: first)
    // The end of a round takes the check's outcome: the file was whole.
    history.roundEnded(first, score: 1, how: .completed)
    let round = try #require(
      history.roundStarted(PlayedRound(source: "b", questionCount: 3, difficulty: "easy", category: "X", total: 3)))
    history.answered(answer("Before?", right: true), inRound: round)

    try overwrite(page: try middleLeaf(of: "answers"))
    let damaged = try contents(path)
    // The review reads every answer, and meets the damage; it reads the new file instead.
    #expect(history.lastRoundAnswers().map(\.question) == ["Before?"])
    history.answered(answer("After?", right: false), inRound: round)
    history.roundEnded(round, score: 1, how: .completed)
    history.close()

    #expect(messages.lines.count == 1, "\(messages.lines)")
    #expect(messages.lines.first?.contains(" was damaged; it is kept as ") == true)
    let kept = try keptAside("corrupt")
    try #require(kept.count == 1)
    #expect(try contents(kept[0]) == damaged)
    // The round in play, its answers before and after, under the id the game holds.
    #expect(try rows("SELECT id, total, score, ended_how FROM rounds") == [["\(round)", "3", "1", "completed"]])
    #expect(
      try rows("SELECT round_id, question FROM answers ORDER BY id") == [
        ["\(round)", "Before?"], ["\(round)", "After?"],
      ])
  }

  @Test(arguments: ["removed", "another history"])
  func aResumedRoundWhoseRowIsGoneGoesOnInANewRow(replacement: String) throws {
    let played = PlayedRound(source: "b", questionCount: 3, difficulty: "easy", category: "X", total: 3)
    let first = history()
    let round = try #require(first.roundStarted(played))
    first.answered(answer("One?", right: true), inRound: round)
    first.roundEnded(round, score: 1, how: .saved)
    first.close()
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    if replacement == "another history" {
      // Its round of the same id is another, played to the end: it is not the saved one.
      let other = history()
      for _ in 0..<2 {
        let id = other.roundStarted(played)
        other.answered(answer("Other?", right: true), inRound: id)
        other.roundEnded(id, score: 3, how: .completed)
      }
      other.close()
    }

    let next = history()
    let resumed = try #require(next.roundResumed(round, as: played))
    next.answered(answer("Two?", right: true), inRound: resumed)
    next.roundEnded(resumed, score: 2, how: .completed)
    next.close()
    #expect(messages.lines.isEmpty, "no FOREIGN KEY constraint failed: \(messages.lines)")
    #expect(replacement == "removed" ? resumed == round : resumed != round)
    #expect(try rows("SELECT round_id FROM answers WHERE question = 'Two?'") == [["\(resumed)"]])
    #expect(
      try rows(
        "SELECT source, question_count, difficulty, category, total, score, ended_how FROM rounds WHERE id = \(resumed)"
      )
        == [["b", "3", "easy", "X", "3", "2", "completed"]])
    if replacement == "another history" {
      #expect(try rows("SELECT score FROM rounds WHERE id = \(round)") == [["3"]])
    }
  }

  @Test(arguments: ["missing", "empty", "a database"])
  func aSymbolicLinkInTheFilesPlaceIsMovedAsideNotFollowed(target kind: String) throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    let target = folder + "/elsewhere.sqlite"
    switch kind {
    case "empty": #expect(FileManager.default.createFile(atPath: target, contents: Data()))
    case "a database":
      var handle: OpaquePointer?
      sqlite3_open(target, &handle)
      sqlite3_exec(handle, "CREATE TABLE mine (x); INSERT INTO mine VALUES (1)", nil, nil, nil)
      sqlite3_close(handle)
    default: break
    }
    let before = FileManager.default.contents(atPath: target)
    try #require(symlink(target, path) == 0)

    let history = history()
    history.answered(answer("One?", right: true), inRound: nil)
    history.close()

    #expect(messages.lines.count == 1)
    let kept = try keptAside("corrupt")
    try #require(kept.count == 1)
    #expect(
      messages.lines.first
        == "\(path) is a symbolic link; it is kept as \(kept[0]), and a new history begins.")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: kept[0]) == target)
    #expect(FileManager.default.contents(atPath: target) == before, "not written through")
    #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
    var status = stat()
    #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    #expect(try rows("SELECT question FROM answers") == [["One?"]])
  }

  @Test func aNamedPipeInTheFilesPlaceIsMovedAsideNotWaitedOn() throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    try #require(mkfifo(path, 0o600) == 0)
    let history = history()
    history.answered(answer("One?", right: true), inRound: nil)
    history.close()
    let kept = try keptAside("corrupt")
    try #require(kept.count == 1)
    #expect(messages.lines == ["\(path) is not a regular file; it is kept as \(kept[0]), and a new history begins."])
    var status = stat()
    #expect(lstat(kept[0], &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    #expect(try rows("SELECT question FROM answers") == [["One?"]])
  }
}
