import CSQLite
import Foundation
import Testing
import TriviaData

@testable import TriviaHistory

/// Histories the history fuzz target (Fuzz/HistoryFuzz.swift) met, each as it was found: a
/// real history made by the game, its contents changed as the finding's program changed them.
@MainActor
@Suite("History fuzzing regressions")
final class HistoryFuzzRegressionTests {
  let folder = NSTemporaryDirectory() + "trivia-history-fuzz-" + UUID().uuidString
  var path: String { folder + "/history.sqlite" }
  var said: [String] = []

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A history of one round of two, made by the game and closed (its log folded in).
  func made() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let history = SQLiteHistory(path: path) { Issue.record("making the history: \($0)") }
    let round = history.roundStarted(
      PlayedRound(source: "bundled", questionCount: 2, difficulty: "easy", category: nil, total: 2))
    for (text, right) in [("One?", true), ("Two?", false)] {
      history.answered(
        AnsweredQuestion(
          source: "bundled", question: text, category: "Science", difficulty: "easy", chosen: "Au",
          correctAnswer: right ? "Au" : "Ag", isRight: right, seconds: 2),
        inRound: round)
    }
    history.roundEnded(round, score: 1, how: .completed)
    history.close()
  }

  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// Writes `bytes` at `offset` of the history.
  func poke(_ bytes: [UInt8], at offset: Int) throws {
    let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    try file.seek(toOffset: UInt64(offset))
    try file.write(contentsOf: bytes)
    try file.close()
  }

  func game() -> SQLiteHistory { SQLiteHistory(path: path) { [unowned self] in said.append($0) } }

  /// Found as `56 56 56 3f 16`: the header's schema format (bytes 44 to 47) set to
  /// 0xFFFFFFFF, which SQLite refuses as "unsupported file format": a format of a later
  /// SQLite, not damage. The file is left as it is, said once, and the game keeps no history.
  @Test func anUnsupportedSchemaFormatIsLeftAsItIs() throws {
    try made()
    try poke([0xFF, 0xFF, 0xFF, 0xFF], at: 44)
    let before = bytes(path)
    let history = game()
    #expect(history.stats(category: nil) == nil)
    #expect(history.askedQuestions().isEmpty)
    #expect(!history.isKept)
    history.close()
    #expect(said == ["History not kept: \(path): unsupported file format."])
    #expect(bytes(path) == before)
  }

  /// Found as `05 2e 00 06 01 01`: a transaction written as another program writes (without
  /// the history's first page) leaves a log that is not the history's own, and the header's
  /// page size is 65535, which no SQLite file has. The log is moved aside first, as it is,
  /// then the file, as it is, without a log: two sentences, and a new history.
  @Test func aForeignLogThenADamagedHeaderAreEachKeptAsTheyWere() throws {
    try made()
    var handle: OpaquePointer?
    try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK)
    trivia_sqlite3_no_checkpoint_on_close(handle)
    sqlite3_exec(handle, "DELETE FROM rounds WHERE id = 1", nil, nil, nil)
    sqlite3_close_v2(handle)
    try poke([0xFF, 0xFF], at: 16)
    let (file, log) = (bytes(path), bytes(path + "-wal"))
    try #require((log?.count ?? 0) > 32)
    let history = game()
    #expect(history.stats(category: nil) == PlayerStats())
    history.close()
    try #require(said.count == 2, "\(said)")
    let logAside = try #require(said[0].firstMatch(of: /it is kept as ([^,]+), and the history is read without it/))
    #expect(said[0].hasPrefix("\(path)-wal is not this history's own log"))
    #expect(bytes(String(logAside.1)) == log)
    let fileAside = try #require(said[1].firstMatch(of: /was damaged; it is kept as ([^,]+), and a new history begins/))
    #expect(bytes(String(fileAside.1)) == file)
    // No log of its own goes with it: SQLite made an empty one on opening it, if any.
    #expect((bytes(String(fileAside.1) + "-wal") ?? Data()).isEmpty)
  }
}
