import CSQLite
import FoundationEssentials
import Glibc
import TriviaData

/// The player's history in an SQLite file (`$XDG_STATE_HOME/trivia/history.sqlite`), opened
/// only when first needed. WAL and a busy timeout let two games write at once. A file from a
/// newer version is left as it is, and one that is damaged is moved aside, never deleted;
/// either way the game plays on without history, and says so once.
@MainActor
public final class SQLiteHistory: History {
  public let path: String
  private let report: (String) -> Void
  private var database: SQLiteDatabase?
  /// Set when history cannot be kept this session.
  private var disabled = false

  public init(path: String, report: @escaping (String) -> Void) {
    self.path = path
    self.report = report
  }

  public func roundStarted(_ round: PlayedRound) -> Int64? {
    write { database throws(SQLiteDatabase.Failure) in
      try database.query(
        "INSERT INTO rounds (source, question_count, difficulty, category, total) VALUES (?, ?, ?, ?, ?)",
        [
          .text(round.source), .integer(Int64(round.questionCount)), .text(round.difficulty),
          round.category.map { .text($0) } ?? .null, .integer(Int64(round.total)),
        ])
      return database.lastInsertedRow
    }
  }

  public func answered(_ answer: AnsweredQuestion, inRound round: Int64?) {
    // One insert, committed at once: what a game killed midway had answered stays, and its
    // round's score is the sum of its answers until the round ends.
    write { database throws(SQLiteDatabase.Failure) in
      try database.query(
        """
        INSERT INTO answers (round_id, source, question_id, question, category, difficulty, chosen,
          correct_answer, is_right, seconds)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        [
          round.map { .integer($0) } ?? .null, .text(answer.source), .integer(answer.questionID),
          .text(answer.question),
          .text(answer.category), answer.difficulty.map { .text($0) } ?? .null, .text(answer.chosen),
          .text(answer.correctAnswer), .integer(answer.isRight ? 1 : 0), .real(answer.seconds),
        ])
    }
  }

  public func roundEnded(_ round: Int64?, score: Int, how: RoundEnding) {
    guard let round else { return }
    write { database throws(SQLiteDatabase.Failure) in
      try database.query(
        "UPDATE rounds SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), score = ?, ended_how = ? WHERE id = ?",
        [.integer(Int64(score)), .text(how.rawValue), .integer(round)])
    }
  }

  public func roundResumed(_ round: Int64?) {
    guard let round else { return }
    write { database throws(SQLiteDatabase.Failure) in
      try database.query("UPDATE rounds SET ended_at = NULL, ended_how = NULL WHERE id = ?", [.integer(round)])
    }
  }

  public func bestScore(category: String?, total: Int) -> Int? {
    read(orIfNone: nil) { database throws(SQLiteDatabase.Failure) in
      try database.query(
        "SELECT max(score) FROM rounds WHERE ended_how = 'completed' AND total = ? AND category IS ?",
        [.integer(Int64(total)), category.map { .text($0) } ?? .null]
      ).first?.first?.integer.map { Int($0) }
    } ?? nil
  }

  public func missedQuestionIDs() -> Set<Int64> {
    read(orIfNone: []) { database throws(SQLiteDatabase.Failure) in
      var missed = Set<Int64>()
      try database.forEachRow("SELECT question_id FROM asked WHERE last_right = 0") { missed.insert($0.integer(0)) }
      return missed
    } ?? []
  }

  public func lastAsked(_ id: Int64) -> Int64? {
    read(orIfNone: nil) { database throws(SQLiteDatabase.Failure) in
      try database.query("SELECT last_answer FROM asked WHERE question_id = ?", [.integer(id)]).first?.first?.integer
    } ?? nil
  }

  public func askedQuestions() -> [Int64: Int64] {
    read(orIfNone: [:]) { database throws(SQLiteDatabase.Failure) in
      var asked: [Int64: Int64] = [:]
      asked.reserveCapacity(try database.execute(returning: "SELECT count(*) FROM asked"))
      try database.forEachRow("SELECT question_id, last_answer FROM asked") { row in
        asked[row.integer(0)] = row.integer(1)
      }
      return asked
    } ?? [:]
  }

  public func lastRoundAnswers() -> [AnsweredQuestion] {
    read(orIfNone: []) { database throws(SQLiteDatabase.Failure) in
      try database.query(
        """
        SELECT source, question, category, difficulty, chosen, correct_answer, is_right, seconds FROM answers
        WHERE round_id = (SELECT max(round_id) FROM answers) ORDER BY id
        """
      ).map { row in
        AnsweredQuestion(
          source: row[0].text ?? "", question: row[1].text ?? "", category: row[2].text ?? "",
          difficulty: row[3].text, chosen: row[4].text ?? "", correctAnswer: row[5].text ?? "",
          isRight: row[6].integer == 1, seconds: row[7].number ?? 0)
      }
    } ?? []
  }

  public func stats(category: String?) -> PlayerStats? {
    read(orIfNone: PlayerStats()) { database throws(SQLiteDatabase.Failure) in
      var stats = PlayerStats()
      // The tallies and runs the answers' trigger keeps: a few rows, however long the history.
      let filter = category == nil ? "" : "WHERE category = ?"
      let values: [SQLiteDatabase.Value] = category.map { [.text($0)] } ?? []
      func tallies(_ sql: String) throws(SQLiteDatabase.Failure) -> [PlayerStats.Tally] {
        try database.query(sql, values).map { row in
          PlayerStats.Tally(
            name: row[0].text ?? "", answered: Int(row[1].integer ?? 0), right: Int(row[2].integer ?? 0))
        }
      }
      let overall = try database.query(
        "SELECT coalesce(sum(answered), 0), coalesce(sum(correct), 0), coalesce(sum(seconds), 0) FROM tallies \(filter)",
        values
      ).first
      stats.overall = PlayerStats.Tally(
        name: "all", answered: Int(overall?[0].integer ?? 0), right: Int(overall?[1].integer ?? 0))
      if stats.overall.answered > 0 {
        stats.meanSeconds = (overall?[2].number ?? 0) / Double(stats.overall.answered)
      }
      stats.categories = try tallies(
        "SELECT category, sum(answered), sum(correct) FROM tallies \(filter) GROUP BY category ORDER BY category")
      stats.levels = try tallies(
        """
        SELECT CASE difficulty WHEN '' THEN 'no level' ELSE difficulty END, sum(answered), sum(correct)
        FROM tallies \(filter) GROUP BY difficulty
        ORDER BY CASE difficulty WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 ELSE 4 END
        """)
      let run = try database.query("SELECT current, best FROM runs WHERE category = ?", [.text(category ?? "")]).first
      stats.currentStreak = Int(run?[0].integer ?? 0)
      stats.bestStreak = Int(run?[1].integer ?? 0)
      let rounds = category == nil ? "" : "AND category = ?"
      stats.roundsCompleted = Int(
        try database.query("SELECT count(*) FROM rounds WHERE ended_how = 'completed' \(rounds)", values)
          .first?.first?.integer ?? 0)
      stats.best = try database.query(
        """
        SELECT coalesce(category, 'All'), total, max(score) FROM rounds WHERE ended_how = 'completed' \(rounds)
        GROUP BY category, total ORDER BY 1, 2
        """, values
      ).map { row in
        PlayerStats.Best(category: row[0].text ?? "", total: Int(row[1].integer ?? 0), score: Int(row[2].integer ?? 0))
      }
      return stats
    }
  }

  /// What `body` reads; `none` where there is no file yet: no history yet, not a file to
  /// make. Nil when the file cannot be read (said once, as for a write).
  private func read<T>(orIfNone none: T, _ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T) -> T? {
    guard database != nil || access(path, F_OK) == 0 else { return none }
    return write(body)
  }

  /// Runs `body` on the open database; a failure is told once and history stops for this
  /// session, so a broken file never stops the game.
  @discardableResult
  private func write<T>(_ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T) -> T? {
    guard let database = open() else { return nil }
    do {
      return try body(database)
    } catch {
      stop("History not saved: \(error.description).")
      return nil
    }
  }

  /// Closes the file whole: SQLite checkpoints the write-ahead log into it and removes the
  /// log, so `history.sqlite` alone holds every answer (a copy of it is a backup). Called on
  /// every way out of the game; a later use opens it again.
  public func close() {
    database = nil
  }

  private func stop(_ message: String) {
    disabled = true
    database = nil
    report(message)
  }

  /// The database, opened and brought to the current schema on first use.
  private func open() -> SQLiteDatabase? {
    if let database { return database }
    guard !disabled else { return nil }
    do {
      database = try Self.prepare(path)
    } catch let failure as SQLiteDatabase.Failure where failure.isCorrupt {
      let aside = path + ".corrupt-" + Self.timestamp()
      for suffix in ["", "-wal", "-shm"] { rename(path + suffix, aside + suffix) }
      report("\(path) was damaged; it is kept as \(aside), and a new history begins.")
      do {
        database = try Self.prepare(path)
      } catch {
        stop("History not kept: \(error).")
      }
    } catch let failure as NewerVersion {
      stop(
        "\(path) was written by a newer trivia (version \(failure.version), this one knows \(HistorySchema.version)); "
          + "it is left as it is, and this game keeps no history.")
    } catch {
      stop("History not kept: \(error).")
    }
    return database
  }

  struct NewerVersion: Error {
    var version: Int
  }

  /// Opens `path` (making its folder), checks its version before changing anything, then
  /// turns on WAL and migrates it.
  private static func prepare(_ path: String) throws -> SQLiteDatabase {
    makeFolder(of: path)
    let database = try SQLiteDatabase(path: path)
    try database.execute("PRAGMA busy_timeout = 5000")
    let version = try database.execute(returning: "PRAGMA user_version")
    guard version <= HistorySchema.version else { throw NewerVersion(version: version) }
    try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
    for step in version..<HistorySchema.version {
      try database.transaction { () throws(SQLiteDatabase.Failure) in
        // Another game may have migrated it while this one waited for the lock.
        guard try database.execute(returning: "PRAGMA user_version") == step else { return }
        try database.execute(HistorySchema.migrations[step])
        try database.execute("PRAGMA user_version = \(step + 1)")
      }
    }
    return database
  }

  /// As the other files the game keeps are made: private to the player. SQLite gives its
  /// -wal and -shm files the database file's mode.
  private static func makeFolder(of path: String) {
    let folder = AtomicFile.folder(of: path)
    if !folder.isEmpty { try? AtomicFile.makePrivateFolder(folder) }
    let descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & 0o077 != 0 { fchmod(descriptor, status.st_mode & 0o700) }
    Glibc.close(descriptor)
  }

  /// `2026-11-23T120700`, for the name of a file moved aside.
  private static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress, $0.count, "%Y-%m-%dT%H%M%S", &parts) }
    }
    return String(decoding: buffer.prefix(count), as: UTF8.self)
  }
}
