import CSQLite
import Foundation
import Testing
import TriviaData

@testable import TriviaHistory

/// Rounds played in turns at one terminal, as the history file keeps them: whose answer each
/// was, one player's stats, and a file of version 3 brought up to date.
@MainActor
@Suite("History of turns")
final class TurnsHistoryTests {
  let folder = NSTemporaryDirectory() + "trivia-turns-" + UUID().uuidString

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  var path: String { folder + "/history.sqlite" }
  var messages: [String] = []

  func history() -> SQLiteHistory {
    SQLiteHistory(path: path) { [unowned self] in messages.append($0) }
  }

  func answer(_ text: String, by player: String?, right: Bool, category: String = "Science") -> AnsweredQuestion {
    AnsweredQuestion(
      source: "bundled", question: text, category: category, difficulty: "easy", chosen: right ? "Au" : "Ag",
      correctAnswer: "Au", isRight: right, seconds: 2, player: player)
  }

  func execute(_ sql: String) throws { try SQLiteShell.execute(sql, in: path, create: true) }
  func sqlite(_ sql: String) throws -> [[String]] { try SQLiteShell.rows(sql, in: path) }

  @Test func eachAnswerKeepsWhoseItWasAndOnePlayersStatsReadOnlyTheirs() throws {
    let history = history()
    let round = history.roundStarted(
      PlayedRound(
        source: "bundled", questionCount: 4, difficulty: "mixed", category: nil, total: 4,
        players: ["Ann", "Bob"]))
    history.answered(answer("One?", by: "Ann", right: true), inRound: round)
    history.answered(answer("Two?", by: "Bob", right: false, category: "Music"), inRound: round)
    history.answered(answer("Three?", by: "Ann", right: false), inRound: round)
    history.answered(answer("Four?", by: "Bob", right: true, category: "Music"), inRound: round)
    history.roundEnded(round, score: 2, how: .completed)
    history.answered(answer("Alone?", by: nil, right: true), inRound: nil)

    #expect(
      try sqlite("SELECT question, coalesce(player, 'NULL') FROM answers ORDER BY id").map { $0[1] }
        == ["Ann", "Bob", "Ann", "Bob", "NULL"])
    #expect(try sqlite("SELECT players FROM rounds") == [["Ann, Bob"]])
    #expect(history.playerNames() == ["Ann", "Bob"])

    let bob = try #require(history.stats(players: ["Bob"]))
    #expect(bob.player == "Bob")
    #expect(bob.overall == .init(name: "all", answered: 2, right: 1))
    #expect(bob.categories == [.init(name: "Music", answered: 2, right: 1)])
    #expect(bob.currentStreak == 1 && bob.bestStreak == 1)
    #expect(bob.roundsCompleted == 1)
    #expect(bob.meanSeconds == 2)
    // The player's own stats are their own answers: not those of the players in turns (#27).
    let own = try #require(history.stats(category: nil))
    #expect(own.overall == .init(name: "all", answered: 1, right: 1))
    #expect(own.categories == [.init(name: "Science", answered: 1, right: 1)])
    #expect(own.levels == [.init(name: "easy", answered: 1, right: 1)])
    #expect(own.meanSeconds == 2)
    #expect(own.roundsCompleted == 0)
    #expect(history.stats(category: "Music")?.overall == .init(name: "all", answered: 0, right: 0))
    #expect(messages.isEmpty)
  }

  @Test func aRoundOfTurnsSetsNoBestScore() throws {
    let history = history()
    let alone = history.roundStarted(
      PlayedRound(source: "b", questionCount: 2, difficulty: "mixed", category: nil, total: 2))
    history.roundEnded(alone, score: 1, how: .completed)
    let turns = history.roundStarted(
      PlayedRound(source: "b", questionCount: 2, difficulty: "mixed", category: nil, total: 2, players: ["A", "B"]))
    history.roundEnded(turns, score: 2, how: .completed)
    #expect(history.bestScore(category: nil, total: 2) == 1)
    #expect(history.stats(category: nil)?.best == [.init(category: "All", total: 2, score: 1)])
    #expect(history.stats(category: nil)?.roundsCompleted == 1, "the round of turns was its players'")
  }

  @Test func aFileOfVersionThreeGainsWhoseAnswersWereKeepingItsOwn() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try execute(
      HistorySchema.migrations[0...2].joined() + """
        PRAGMA user_version = 3;
        INSERT INTO rounds (source, question_count, difficulty, total, score, ended_how)
        VALUES ('bundled', 1, 'mixed', 1, 1, 'completed');
        INSERT INTO answers (round_id, source, question_id, question, category, chosen, correct_answer, is_right,
          seconds)
        VALUES (1, 'bundled', 7, 'Old?', 'Science', 'Au', 'Au', 1, 1);
        """)
    let history = history()
    history.answered(answer("New?", by: "Zoë", right: true), inRound: nil)
    #expect(messages.isEmpty)
    // Migrated to this version (6: night_answers and the index of completed rounds came
    // after whose answers were).
    #expect(try sqlite("PRAGMA user_version") == [["6"]])
    #expect(
      try sqlite("SELECT question, coalesce(player, 'NULL') FROM answers ORDER BY id") == [
        ["Old?", "NULL"], ["New?", "Zoë"],
      ])
    #expect(try sqlite("SELECT coalesce(players, 'NULL') FROM rounds") == [["NULL"]])
    #expect(history.bestScore(category: nil, total: 1) == 1, "a round of version 3 was one player's")
    #expect(history.stats(category: nil)?.overall == .init(name: "all", answered: 1, right: 1), "Zoë's is hers")
    #expect(history.stats(players: ["Zoë"])?.overall == .init(name: "all", answered: 1, right: 1))
    #expect(try sqlite("SELECT name FROM sqlite_master WHERE name = 'answers_by_player'") == [["answers_by_player"]])
  }
}
