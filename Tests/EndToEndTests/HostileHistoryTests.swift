import Foundation
import Glibc
import Testing

/// A history whose bytes are whole but whose contents are hostile (issue #28): values out of
/// range, schema objects trivia did not make, a log or journal from another database, a lock
/// someone else holds. Each ends with status 0, one sentence, and the player's answers
/// intact: in the file, or in a copy moved aside byte for byte.
@Suite("History contents, hostile")
struct HostileHistoryTests {
  /// A statement that never ends by itself.
  static let endless =
    "SELECT count(*) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c)"

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var sql: String
    var input: String
    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "correct = answered + 1, then stats", sql: "UPDATE tallies SET correct = answered + 1",
      input: "stats\ndone\nquit\n"),
    Case(
      name: "correct = Int64.max, then stats", sql: "UPDATE tallies SET correct = 9223372036854775807",
      input: "stats\ndone\nquit\n"),
    Case(name: "runs.best = -1, then stats", sql: "UPDATE runs SET best = -1", input: "stats\ndone\nquit\n"),
    Case(
      name: "an endless trigger on answers, then an answer",
      sql: "CREATE TRIGGER t AFTER INSERT ON answers BEGIN \(endless); END;", input: "play\na\n\nquit\n"),
    Case(
      name: "an endless trigger on rounds, then play",
      sql: "CREATE TRIGGER t AFTER INSERT ON rounds BEGIN \(endless); END;", input: "play\na\n\nquit\n"),
    Case(
      name: "an endless view in place of asked, then play",
      sql: """
        DROP TABLE asked; CREATE VIEW asked AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c)
        SELECT x AS question_id, x AS last_answer, 0 AS last_right FROM c;
        """, input: "play\na\n\nquit\n"),
    Case(
      name: "an endless view in place of tallies, then stats",
      sql: """
        DROP TABLE tallies; CREATE VIEW tallies AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c)
        SELECT 'Science' AS category, '' AS difficulty, 1 AS answered, 0 AS correct, 0.0 AS seconds FROM c;
        """, input: "stats\ndone\nquit\n"),
    Case(name: "an index of trivia's own dropped", sql: "DROP INDEX rounds_completed", input: "stats\ndone\nquit\n"),
  ]

  /// A sandbox whose history holds one round of three played to its end.
  static func sandbox() async throws -> Sandbox {
    let sandbox = try Sandbox()
    let made = try await sandbox.run(["--seed", "1", "--count", "3"], input: "play\na\n\nb\n\nc\n\ndone\nquit\n")
    try #require(made.status == 0)
    return sandbox
  }

  /// The files moved aside beside `name` in the sandbox's trivia state folder.
  static func aside(_ sandbox: Sandbox, _ name: String = "history.sqlite.corrupt-") throws -> [String] {
    let folder = sandbox.state + "/trivia"
    return try FileManager.default.contentsOfDirectory(atPath: folder)
      .filter { $0.hasPrefix(name) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }.map { folder + "/" + $0 }
  }

  static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// The lines that speak of the history.
  static func mentions(_ output: String) -> [Substring] {
    output.split(separator: "\n").filter { $0.contains("history.sqlite") || $0.contains("History not") }
  }

  @Test("A value out of range or a schema object trivia did not make: moved aside, said once", arguments: cases)
  func hostileContents(_ hostile: Case) async throws {
    let sandbox = try await Self.sandbox()
    _ = try KeptFileFaultTests.shell(sandbox.historyFile, hostile.sql)
    let before = try Self.bytes(sandbox.historyFile)
    // A hang is caught by the timeout; how fast a run is, a benchmark says, not a test.
    let result = try await sandbox.run(["--seed", "2", "--count", "2"], input: hostile.input, timeout: .seconds(30))
    #expect(!result.timedOut, "\(hostile.name): hung")
    #expect(result.status == 0, "\(hostile.name): \(result.stderr.prefix(300))")
    let mentions = Self.mentions(result.stdout)
    let aside = try Self.aside(sandbox)
    try #require(aside.count == 1, "\(hostile.name): \(mentions)")
    #expect(mentions.count == 1, "\(hostile.name): \(mentions)")
    #expect(mentions.first?.contains("it is kept as \(aside[0])") == true, "\(hostile.name): \(mentions)")
    #expect(try Self.bytes(aside[0]) == before, "\(hostile.name): not kept byte for byte")
  }

  struct SignalCase: Sendable, CustomTestStringConvertible {
    var signal: Int32
    var name: String
    var testDescription: String { name }
  }

  @Test(
    "An endless trigger, an answer, then a signal: the game ends with status 0 within 2 s",
    arguments: [SignalCase(signal: SIGTERM, name: "SIGTERM"), SignalCase(signal: SIGHUP, name: "SIGHUP")])
  func signalAfterEndlessTrigger(_ signal: SignalCase) async throws {
    let sandbox = try await Self.sandbox()
    _ = try KeptFileFaultTests.shell(
      sandbox.historyFile, "CREATE TRIGGER t AFTER INSERT ON answers BEGIN \(Self.endless); END;")
    let before = try Self.bytes(sandbox.historyFile)
    let game = try LiveProcess(sandbox, arguments: ["--seed", "3", "--count", "3"])
    try game.expect("trivia> ")
    try game.send("play")
    try game.expect("question 1/3> ")
    try game.send("1")
    try await Task.sleep(for: .milliseconds(500))
    let sent = ContinuousClock.now
    game.send(signal: signal.signal)
    let status = game.waitForExit(timeout: .seconds(2))
    #expect(status == 0, "\(signal.name): still running or ended badly")
    #expect(ContinuousClock.now - sent < .seconds(2))
    #expect(Self.mentions(game.text).count == 1, "\(Self.mentions(game.text))")
    #expect(try Self.aside(sandbox).map { try Self.bytes($0) } == [before])
  }

  /// The questions a history holds, in order.
  static func questions(_ sandbox: Sandbox) throws -> [String] {
    try KeptFileFaultTests.shell(sandbox.historyFile, "SELECT question FROM answers ORDER BY id")
  }

  @Test("A -wal left by another history is moved aside, never applied; the player's answers stay")
  func foreignLog() async throws {
    // Another player's history, its game killed midway: its log holds answers not yet folded in.
    let other = try Sandbox()
    let game = try LiveProcess(other, arguments: ["--seed", "9", "--count", "3"])
    try game.expect("trivia> ")
    try game.send("play")
    try game.expect("question 1/3> ")
    try game.send("2")
    try game.expect("continue> ")
    game.send(signal: SIGKILL)
    _ = game.waitForExit(timeout: .seconds(5))
    let log = try Self.bytes(other.historyFile + "-wal")
    try #require(!log.isEmpty)

    let sandbox = try await Self.sandbox()
    let questions = try Self.questions(sandbox)
    try log.write(to: URL(fileURLWithPath: sandbox.historyFile + "-wal"))
    let result = try await sandbox.run([], input: "review\ndone\nquit\n", timeout: .seconds(10))
    #expect(result.status == 0)
    #expect(!result.timedOut)
    let mentions = Self.mentions(result.stdout)
    let aside = try Self.aside(sandbox, "history.sqlite-wal.foreign-")
    try #require(aside.count == 1, "\(mentions)")
    #expect(mentions.count == 1 && mentions[0].contains(aside[0]), "\(mentions)")
    #expect(try Self.bytes(aside[0]) == log, "not kept byte for byte")
    #expect(try Self.questions(sandbox) == questions, "the player's answers were replaced")
  }

  /// A hot rollback journal that, played back, would make the file at `path` the database
  /// `other`: what SQLite finds beside a file after a crash in the middle of a write.
  static func journal(restoring other: Data) -> Data {
    let pageSize = Int(other[16]) << 8 | Int(other[17])
    let pages = other.count / pageSize
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    let nonce = 0x1234_5678
    var bytes: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    bytes += bigEndian(pages) + bigEndian(nonce) + bigEndian(pages) + bigEndian(512) + bigEndian(pageSize)
    bytes += [UInt8](repeating: 0, count: 512 - bytes.count)
    for page in 0..<pages {
      let data = Array(other[page * pageSize..<(page + 1) * pageSize])
      var checksum = nonce
      var index = pageSize - 200
      while index > 0 {
        checksum += Int(data[index])
        index -= 200
      }
      bytes += bigEndian(page + 1) + data + bigEndian(checksum)
    }
    return Data(bytes)
  }

  @Test("A hot -journal beside the history is moved aside, never played back; the player's answers stay")
  func foreignJournal() async throws {
    let other = try await Self.sandbox()
    _ = try KeptFileFaultTests.shell(other.historyFile, "UPDATE answers SET question = 'Not yours'")
    let journal = Self.journal(restoring: try Self.bytes(other.historyFile))

    let sandbox = try await Self.sandbox()
    let questions = try Self.questions(sandbox)
    try journal.write(to: URL(fileURLWithPath: sandbox.historyFile + "-journal"))
    let result = try await sandbox.run([], input: "review\ndone\nquit\n", timeout: .seconds(10))
    #expect(result.status == 0)
    #expect(!result.timedOut)
    #expect(!result.stdout.contains("Not yours"))
    let mentions = Self.mentions(result.stdout)
    let aside = try Self.aside(sandbox, "history.sqlite-journal.foreign-")
    try #require(aside.count == 1, "\(mentions)")
    #expect(mentions.count == 1 && mentions[0].contains(aside[0]), "\(mentions)")
    #expect(try Self.bytes(aside[0]) == journal, "not kept byte for byte")
    #expect(try Self.questions(sandbox) == questions, "the player's answers were replaced")
  }

  /// Journals that are not SQLite's: text, bytes whose header SQLite zeroes at a
  /// transaction's end, a header one byte off.
  static let foreignJournals: [(name: String, bytes: Data)] = [
    ("text", Data("not a journal at all\n".utf8)),
    ("a zeroed header", Data(repeating: 0, count: 28) + Data("the player's notes".utf8)),
    (
      "a header one byte off", Data([0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd6] + Array(repeating: 7, count: 600))
    ),
  ]

  @Test(
    "A -journal that is not SQLite's is moved aside byte for byte, not deleted; the player's answers stay",
    arguments: 0..<3)
  func notSQLitesJournal(_ which: Int) async throws {
    let (name, journal) = Self.foreignJournals[which]
    let sandbox = try await Self.sandbox()
    let questions = try Self.questions(sandbox)
    try journal.write(to: URL(fileURLWithPath: sandbox.historyFile + "-journal"))
    let result = try await sandbox.run([], input: "review\ndone\nquit\n", timeout: .seconds(10))
    #expect(result.status == 0, "\(name)")
    let mentions = Self.mentions(result.stdout)
    let aside = try Self.aside(sandbox, "history.sqlite-journal.foreign-")
    try #require(aside.count == 1, "\(name): \(mentions)")
    #expect(mentions.count == 1 && mentions[0].contains(aside[0]), "\(name): \(mentions)")
    #expect(try Self.bytes(aside[0]) == journal, "\(name): not kept byte for byte")
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile + "-journal"))
    #expect(try Self.questions(sandbox) == questions, "\(name): the player's answers changed")
  }

  /// Holds `options.json.lock` as another game saving its options would, until released.
  final class HeldLock {
    let descriptor: Int32

    init(_ sandbox: Sandbox) throws {
      try FileManager.default.createDirectory(atPath: sandbox.config + "/trivia", withIntermediateDirectories: true)
      descriptor = open(sandbox.optionsPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    }

    deinit { close(descriptor) }
  }

  @Test("options.json.lock held by another process: the change is kept for this game, said once")
  func heldOptionsLock() async throws {
    let sandbox = try Sandbox()
    let lock = try HeldLock(sandbox)
    let result = try await sandbox.run(
      [], input: "options\ncount 4\ndone\noptions\ndone\nquit\n", timeout: .seconds(30))
    #expect(!result.timedOut, "hung")
    #expect(result.status == 0)
    let mentions = result.stdout.split(separator: "\n").filter { $0.contains("options.json") }
    #expect(mentions.count == 1, "\(mentions)")
    // Kept for this game: the options shown again say 4.
    #expect(result.stdout.split(separator: "\n").filter { $0.contains("Questions:") && $0.contains("4") }.count >= 1)
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
    withExtendedLifetime(lock) {}
  }

  @Test("options.json.lock held, then SIGTERM while waiting: the game ends with status 0 within 2 s")
  func signalWhileWaitingForLock() async throws {
    let sandbox = try Sandbox()
    let lock = try HeldLock(sandbox)
    let game = try LiveProcess(sandbox, arguments: [])
    try game.expect("trivia> ")
    try game.send("options")
    try game.expect("options> ")
    try game.send("count 4")
    try await Task.sleep(for: .milliseconds(200))
    let sent = ContinuousClock.now
    game.send(signal: SIGTERM)
    #expect(game.waitForExit(timeout: .seconds(2)) == 0)
    #expect(ContinuousClock.now - sent < .seconds(2))
    withExtendedLifetime(lock) {}
  }
}
