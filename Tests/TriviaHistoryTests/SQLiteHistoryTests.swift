import CSQLite
import Foundation
import Testing
import TriviaData

@testable import TriviaHistory

/// The history file through the real libsqlite3: what is written, and what happens to a
/// file that is old, new, damaged or in the way.
@MainActor
@Suite("SQLite history")
final class SQLiteHistoryTests {
  let folder = NSTemporaryDirectory() + "trivia-history-" + UUID().uuidString

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  var path: String { folder + "/state/trivia/history.sqlite" }
  final class Messages {
    var lines: [String] = []
  }
  let messages = Messages()

  func history() -> SQLiteHistory {
    SQLiteHistory(path: path) { [messages] in messages.lines.append($0) }
  }

  func answer(_ text: String, right: Bool) -> AnsweredQuestion {
    AnsweredQuestion(
      source: "bundled", question: text, category: "Science", difficulty: "easy", chosen: right ? "Au" : "Ag",
      correctAnswer: "Au", isRight: right, seconds: 2.5)
  }

  /// Rows of `sql` read with a connection of the test's own, as the sqlite3 shell would.
  func rows(_ sql: String) throws -> [[String]] { try SQLiteShell.rows(sql, in: path) }

  @Test func nothingIsOpenedUntilSomethingIsRecorded() {
    _ = history()
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func roundsAndAnswersAreKept() throws {
    let history = history()
    let round = try #require(
      history.roundStarted(
        PlayedRound(source: "bundled", questionCount: 2, difficulty: "mixed", category: nil, total: 2)))
    history.answered(answer("Symbol for gold?", right: true), inRound: round)
    history.answered(answer("Symbol of gold, again?", right: false), inRound: round)
    history.roundEnded(round, score: 1, how: .completed)
    #expect(messages.lines.isEmpty)
    #expect(
      try rows("SELECT source, question_count, difficulty, category, total, score, ended_how FROM rounds") == [
        ["bundled", "2", "mixed", "NULL", "2", "1", "completed"]
      ])
    #expect(
      try rows("SELECT question, chosen, correct_answer, is_right, seconds FROM answers ORDER BY id") == [
        ["Symbol for gold?", "Au", "Au", "1", "2.5"], ["Symbol of gold, again?", "Ag", "Au", "0", "2.5"],
      ])
    #expect(try rows("PRAGMA user_version") == [[String(HistorySchema.version)]])
    #expect(try rows("PRAGMA journal_mode") == [["wal"]])
    // Started and ended are times a person can read.
    let times = try rows("SELECT started_at, ended_at FROM rounds")[0]
    #expect(times.allSatisfy { $0.hasPrefix("20") && $0.hasSuffix("Z") })
  }

  @Test func theSameQuestionFromAnotherFileIsTheSameQuestion() {
    #expect(
      QuestionID.make(text: "What is  the symbol for gold?", answer: "Au")
        == QuestionID.make(text: "what is the symbol for gold? ", answer: "AU"))
    #expect(QuestionID.make(text: "Gold?", answer: "Au") != QuestionID.make(text: "Gold?", answer: "Ag"))
  }

  @Test func aResumedRoundGoesOnInTheSameRow() throws {
    let first = history()
    let round = first.roundStarted(
      PlayedRound(source: "b", questionCount: 3, difficulty: "easy", category: "X", total: 3))
    first.answered(answer("One?", right: true), inRound: round)
    first.roundEnded(round, score: 1, how: .saved)
    let next = history()
    #expect(
      next.roundResumed(
        round, as: PlayedRound(source: "b", questionCount: 3, difficulty: "easy", category: "X", total: 3)) == round)
    next.answered(answer("Two?", right: true), inRound: round)
    next.roundEnded(round, score: 2, how: .completed)
    #expect(try rows("SELECT score, ended_how FROM rounds") == [["2", "completed"]])
    #expect(try rows("SELECT count(*) FROM answers WHERE round_id = \(round ?? -1)") == [["2"]])
  }

  @Test func aNewerFileIsLeftAsItIsAndTheGamePlaysWithoutHistory() throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    var handle: OpaquePointer?
    sqlite3_open(path, &handle)
    sqlite3_exec(handle, "CREATE TABLE future (x); PRAGMA user_version = 9", nil, nil, nil)
    sqlite3_close(handle)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let history = history()
    #expect(
      history.roundStarted(PlayedRound(source: "b", questionCount: 1, difficulty: "mixed", category: nil, total: 1))
        == nil)
    history.answered(answer("One?", right: true), inRound: nil)
    #expect(messages.lines.count == 1)
    #expect(messages.lines.first?.contains("newer trivia (version 9") == true)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test(arguments: ["garbage", "truncated"])
  func aDamagedFileIsMovedAsideAndANewOneBegins(damage: String) throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    if damage == "garbage" {
      try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
    } else {
      let good = history()
      for index in 0..<200 { good.answered(answer("Question \(index)?", right: true), inRound: nil) }
      var handle: OpaquePointer?
      // Everything into the main file, then cut it short.
      sqlite3_open(path, &handle)
      sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE", nil, nil, nil)
      sqlite3_close(handle)
      truncate(path, 6000)
    }
    let damaged = try Data(contentsOf: URL(fileURLWithPath: path))
    let history = history()
    history.answered(answer("After?", right: true), inRound: nil)
    // The file itself, not its -wal or -shm, moved aside with it.
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder + "/state/trivia").first {
        $0.contains(".corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
      })
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/state/trivia/" + aside)) == damaged)
    #expect(messages.lines.count == 1)
    #expect(messages.lines.first?.contains("was damaged; it is kept as") == true)
    #expect(try rows("SELECT question FROM answers") == [["After?"]])
  }

  @Test func anEmptyFileBecomesAHistory() throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let history = history()
    history.answered(answer("One?", right: true), inRound: nil)
    #expect(messages.lines.isEmpty)
    #expect(try rows("SELECT question FROM answers") == [["One?"]])
    #expect(try rows("PRAGMA user_version") == [[String(HistorySchema.version)]])
  }

  @Test func aFolderWhereTheFileShouldBeIsReportedOnce() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let history = history()
    history.answered(answer("One?", right: true), inRound: nil)
    history.answered(answer("Two?", right: true), inRound: nil)
    #expect(messages.lines.count == 1)
    #expect(messages.lines.first?.hasPrefix("History not kept: ") == true)
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
  }

  @Test func statsCountWhatWasAnswered() throws {
    let history = history()
    #expect(history.stats(category: nil) == PlayerStats(), "no file yet: nothing, and no file made")
    #expect(!FileManager.default.fileExists(atPath: path))
    func answer(_ category: String, _ level: String?, _ right: Bool, _ seconds: Double) -> AnsweredQuestion {
      AnsweredQuestion(
        source: "b", question: "\(category) \(UUID())", category: category, difficulty: level, chosen: "x",
        correctAnswer: right ? "x" : "y", isRight: right, seconds: seconds)
    }
    let first = history.roundStarted(
      PlayedRound(source: "b", questionCount: 4, difficulty: "mixed", category: nil, total: 4))
    // History: right, right, wrong; Music: right, right, right (in between), then History right.
    for (category, right) in [("History", true), ("History", true), ("Music", true), ("History", false)] {
      history.answered(answer(category, category == "Music" ? nil : "easy", right, 2), inRound: first)
    }
    history.roundEnded(first, score: 3, how: .completed)
    let second = history.roundStarted(
      PlayedRound(source: "b", questionCount: 2, difficulty: "mixed", category: "History", total: 2))
    history.answered(answer("History", "hard", true, 5), inRound: second)
    history.answered(answer("Music", nil, true, 5), inRound: second)
    history.roundEnded(second, score: 2, how: .completed)
    let all = try #require(history.stats(category: nil))
    #expect(all.roundsCompleted == 2)
    #expect(all.overall == .init(name: "all", answered: 6, right: 5))
    #expect(
      all.categories == [.init(name: "History", answered: 4, right: 3), .init(name: "Music", answered: 2, right: 2)])
    #expect(
      all.levels == [
        .init(name: "easy", answered: 3, right: 2), .init(name: "hard", answered: 1, right: 1),
        .init(name: "no level", answered: 2, right: 2),
      ])
    #expect(all.best == [.init(category: "All", total: 4, score: 3), .init(category: "History", total: 2, score: 2)])
    #expect(all.bestStreak == 3)
    #expect(all.currentStreak == 2)
    #expect(all.meanSeconds == 3)
    // One category: its own answers in their order, its own rounds.
    let inHistory = try #require(history.stats(category: "History"))
    #expect(inHistory.overall == .init(name: "all", answered: 4, right: 3))
    #expect(inHistory.bestStreak == 2)
    #expect(inHistory.currentStreak == 1)
    #expect(inHistory.roundsCompleted == 1)
  }

  @Test func askedQuestionsAreOrderedByTheirLastAnswer() {
    let history = history()
    history.answered(answer("First?", right: false), inRound: nil)
    history.answered(answer("Second?", right: true), inRound: nil)
    history.answered(answer("first? ", right: true), inRound: nil)
    let asked = history.askedQuestions()
    let first = QuestionID.make(text: "First?", answer: "Au")
    let second = QuestionID.make(text: "Second?", answer: "Au")
    #expect(asked.count == 2)
    #expect(asked[second]! < asked[first]!)
    #expect(history.missedQuestionIDs().isEmpty)
    history.answered(answer("Second?", right: false), inRound: nil)
    #expect(history.missedQuestionIDs() == [second])
  }

  @Test func aFileOfTheFirstVersionIsBroughtUpToDateWithWhatItHad() throws {
    try FileManager.default.createDirectory(atPath: folder + "/state/trivia", withIntermediateDirectories: true)
    let id = { (text: String) in QuestionID.make(text: text, answer: "Au") }
    let old =
      HistorySchema.migrations[0] + """
        PRAGMA user_version = 1;
        INSERT INTO answers (source, question_id, question, category, chosen, correct_answer, is_right, seconds)
        VALUES ('bundled', \(id("A?")), 'A?', 'Science', 'Ag', 'Au', 0, 1),
          ('bundled', \(id("B?")), 'B?', 'Science', 'Ag', 'Au', 0, 1),
          ('bundled', \(id("A?")), 'A?', 'Science', 'Au', 'Au', 1, 1);
        """
    try SQLiteShell.execute(old, in: path, create: true)

    let history = history()
    #expect(history.missedQuestionIDs() == [id("B?")])
    let asked = history.askedQuestions()
    #expect(asked.count == 2 && asked[id("B?")]! < asked[id("A?")]!)
    #expect(messages.lines.isEmpty)
    #expect(try rows("PRAGMA user_version") == [[String(HistorySchema.version)]])
    #expect(try rows("SELECT count(*) FROM answers") == [["3"]])
    #expect(try rows("SELECT name FROM sqlite_master WHERE name = 'answers_by_question'").isEmpty)
  }
}
