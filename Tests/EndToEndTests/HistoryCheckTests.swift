import Foundation
import Glibc
import Testing

/// The history file checked, not assumed (#17): through the binary, with the sqlite3 shell
/// to make and read the files, as a player (or a failing disk) would.
@Suite("History checked")
struct HistoryCheckTests {
  static let twoRounds = "play\na\n\nb\n\ndone\nplay\na\n\nb\n\ndone\nquit\n"

  /// A history the game made, with 3,000 answers more: a file of some 80 pages.
  static func longHistory(_ sandbox: Sandbox) async throws {
    let made = try await sandbox.run(["--seed", "1", "--count", "1"], input: "play\na\n\ndone\n")
    try #require(made.status == 0)
    _ = try HistoryTests.rows(
      sandbox,
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
      INSERT INTO answers (source, question_id, question, category, chosen, correct_answer, is_right, seconds)
      SELECT 'bundled', i * 7919, 'Question ' || i || ': which of these is the one asked about here?', 'Science',
        'Au', 'Au', i % 2, 2.5 FROM n;
      """)
    try #require(!FileManager.default.fileExists(atPath: sandbox.historyFile + "-wal"))
  }

  /// Overwrites page `page` (from 1) of the history file with 4 KiB of random bytes.
  static func overwrite(_ sandbox: Sandbox, page: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let descriptor = open(sandbox.historyFile, O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(pwrite(descriptor, bytes, bytes.count, off_t((page - 1) * 4096)) == bytes.count)
  }

  /// The history files moved aside as `history.sqlite.KIND-DATE`, without their -wal and -shm.
  static func keptAside(_ sandbox: Sandbox, _ kind: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: sandbox.state + "/trivia")
      .filter { $0.hasPrefix("history.sqlite.\(kind)-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
      .map { sandbox.state + "/trivia/" + $0 }
  }

  static func lines(_ result: ProcessResult, containing text: String) -> [Substring] {
    result.stdout.split(separator: "\n").filter { $0.contains(text) }
  }

  @Test(
    "A user_version this trivia does not know (-1: it crashed; 99999) is left as it is, said once; the game plays, and its landing says history is off",
    arguments: [-1, 99999])
  func unknownVersion(version: Int) async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["--seed", "1", "--count", "1"], input: "play\na\n\ndone\n")
    _ = try HistoryTests.rows(sandbox, "PRAGMA user_version = \(version)")
    let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile))

    let result = try await sandbox.run(["--seed", "2", "--count", "2"], input: Self.twoRounds)
    #expect(result.status == 0)
    #expect(Self.lines(result, containing: "it is left as it is, and this game keeps no history.").count == 1)
    #expect(result.transcript.allLines.filter { $0.hasPrefix("Score: ") }.count == 2)
    // Not "Left: 180 of 180": nothing is known to be new.
    var landing = Expected.landing(questions: 2)
    landing.insert("  Left:       not known: history is off for this game", at: 8)
    #expect(result.transcript.response(to: "done") == landing)
    #expect(!result.stdout.contains("not yet asked"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile)) == before)
    #expect(try Self.keptAside(sandbox, "corrupt").isEmpty)
  }

  @Test(
    "One 4 KiB page of random bytes past the header: said once, the file kept byte for byte, the game plays into a new one"
  )
  func randomPage() async throws {
    let sandbox = try Sandbox()
    try await Self.longHistory(sandbox)
    // Any page in use but the first (the header and the schema); the free ones hold nothing.
    let pages = try HistoryTests.rows(sandbox, "SELECT DISTINCT pageno FROM dbstat WHERE pageno > 1").compactMap {
      Int($0)
    }
    let page = try #require(pages.randomElement())
    try Self.overwrite(sandbox, page: page)
    let damaged = try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile))

    let result = try await sandbox.run(["--seed", "2", "--count", "2"], input: Self.twoRounds)
    #expect(result.status == 0)
    let said = Self.lines(result, containing: " was damaged; it is kept as ")
    #expect(said.count == 1, "page \(page): \(result.stdout)")
    #expect(result.transcript.allLines.filter { $0.hasPrefix("Score: ") }.count == 2)
    let kept = try Self.keptAside(sandbox, "corrupt")
    try #require(kept.count == 1, "page \(page)")
    #expect(said.first == "\(sandbox.historyFile) was damaged; it is kept as \(kept[0]), and a new history begins.")
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept[0])) == damaged, "page \(page)")
    // Both rounds, whole, in the new file.
    #expect(try HistoryTests.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
    #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["4"], "page \(page)")
    #expect(
      try HistoryTests.rows(sandbox, "SELECT ended_how, total FROM rounds") == ["completed|2", "completed|2"],
      "page \(page)")
  }

  /// Plays a round of two questions from the landing to the score screen.
  static func playTwo(_ game: LiveProcess) throws {
    try game.send("play")
    for (number, answer) in [(1, "a"), (2, "b")] {
      try game.expect("question \(number)/2> ")
      try game.send(answer)
      try game.expect("continue> ")
      try game.send("")
    }
    try game.expect("round over> ")
  }

  @Test("Damage met in the middle of a game: said once, moved aside as it was, and the game keeps recording")
  func damageMidGame() async throws {
    let sandbox = try Sandbox()
    try await Self.longHistory(sandbox)
    let game = try LiveProcess(sandbox, arguments: ["--seed", "3", "--count", "2"])
    // The round is over, and with it the check of the file: it was whole.
    try Self.playTwo(game)

    // A leaf of the answers from the middle, which only reading them all meets.
    let leaves = try HistoryTests.rows(
      sandbox, "SELECT pageno FROM dbstat WHERE name = 'answers' AND pagetype = 'leaf' ORDER BY pageno")
    try #require(leaves.count > 10)
    try Self.overwrite(sandbox, page: try #require(Int(leaves[leaves.count / 2])))
    let damaged = try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile))
    // The review reads every answer, and meets the damage.
    try game.send("review")
    try game.expect("review> ")
    try game.send("done")
    try game.expect("round over> ")
    try game.send("done")
    try game.expect("trivia> ")
    try Self.playTwo(game)
    try game.send("quit")
    #expect(game.waitForExit(timeout: .seconds(5)) == 0)

    let said = game.text.split(separator: "\n").filter { $0.contains(" was damaged; it is kept as ") }
    #expect(said.count == 1, "\(game.text)")
    #expect(!game.text.contains("History not"))
    let kept = try Self.keptAside(sandbox, "corrupt")
    try #require(kept.count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: kept[0])) == damaged)
    // The round played after it is kept in the new file.
    #expect(try HistoryTests.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
    #expect(
      try HistoryTests.rows(sandbox, "SELECT ended_how, total, (SELECT count(*) FROM answers) FROM rounds") == [
        "completed|2|2"
      ])
  }

  @Test("A round resumed after the history file was damaged and replaced goes on in a new row; nothing after is lost")
  func resumeAfterReplacement() async throws {
    let sandbox = try Sandbox()
    _ = try await ResumeTests.quitOnThirdQuestion(sandbox)
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: sandbox.historyFile))

    let result = try await sandbox.run(
      ["--count", "5"],
      input: "resume\na\n\na\n\na\n\ndone\nplay\n" + String(repeating: "a\n\n", count: 5) + "done\nquit\n")
    #expect(result.status == 0)
    #expect(!result.stdout.contains("FOREIGN KEY"))
    #expect(!result.stdout.contains("History not"))
    #expect(Self.lines(result, containing: " was damaged; it is kept as ").count == 1)
    // The resumed round's last three answers, then a whole round of five.
    #expect(
      try HistoryTests.rows(
        sandbox,
        "SELECT total, ended_how, (SELECT count(*) FROM answers WHERE round_id = rounds.id) FROM rounds ORDER BY id")
        == ["5|completed|3", "5|completed|5"])
    #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers WHERE round_id IS NULL") == ["0"])
  }

  @Test(
    "A symbolic link in history.sqlite's place is moved aside, not followed, and said once; a new history begins",
    arguments: ["missing", "empty"])
  func symlinkedHistory(target kind: String) async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.state + "/trivia", withIntermediateDirectories: true)
    let target = sandbox.work + "/elsewhere.sqlite"
    if kind == "empty" { #expect(FileManager.default.createFile(atPath: target, contents: Data())) }
    try #require(symlink(target, sandbox.historyFile) == 0)

    let result = try await sandbox.run(["--seed", "1", "--count", "2"], input: "play\na\n\nb\n\ndone\nquit\n")
    #expect(result.status == 0)
    let said = Self.lines(result, containing: " is a symbolic link; it is kept as ")
    #expect(said.count == 1)
    let kept = try Self.keptAside(sandbox, "corrupt")
    try #require(kept.count == 1)
    #expect(
      said.first
        == "\(sandbox.historyFile) is a symbolic link; it is kept as \(kept[0]), and a new history begins.")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: kept[0]) == target)
    // Not written through.
    #expect(
      kind == "missing"
        ? !FileManager.default.fileExists(atPath: target) : FileManager.default.contents(atPath: target) == Data())
    var status = stat()
    #expect(lstat(sandbox.historyFile, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["2"])
  }

  @Test("A named pipe in history.sqlite's place is moved aside, not waited on, and said once")
  func namedPipe() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.state + "/trivia", withIntermediateDirectories: true)
    try #require(mkfifo(sandbox.historyFile, 0o600) == 0)
    let result = try await sandbox.run(
      ["--seed", "1", "--count", "2"], input: "play\na\n\nb\n\ndone\nquit\n", timeout: .seconds(5))
    #expect(result.status == 0 && !result.timedOut)
    let said = Self.lines(result, containing: " is not a regular file; it is kept as ")
    #expect(said.count == 1)
    #expect(try Self.keptAside(sandbox, "corrupt").count == 1)
    #expect(try HistoryTests.rows(sandbox, "SELECT count(*) FROM answers") == ["2"])
  }
}
