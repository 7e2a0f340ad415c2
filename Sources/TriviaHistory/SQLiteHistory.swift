import CSQLite
import FoundationEssentials
import Glibc
import TriviaData

/// The player's history in an SQLite file (`$XDG_STATE_HOME/trivia/history.sqlite`), opened
/// only when first needed. WAL and a busy timeout let two games write at once.
///
/// The file is checked, not assumed: a file from a newer version (or with a version no trivia
/// writes) is left as it is and the game plays without history; one that is damaged (found
/// by `PRAGMA quick_check`, run beside the game once the file is opened, or by any statement
/// that reads it) is moved aside, never deleted, and a new history begins, with the round in
/// play; a symbolic link (not followed) or a pipe in the file's place is moved aside too.
/// What it holds is checked as well: a schema object trivia did not make (a trigger, a
/// view) is found on opening, and a value out of range (a negative count) when it is read;
/// either makes the file damaged. A log or journal beside it that is not its own is moved
/// aside before SQLite may apply it (`ForeignLog`). No statement runs past a budget, or on
/// once the player has asked the game to stop (`StatementWatch`). Each is said once.
@MainActor
public final class SQLiteHistory: History {
  public let path: String
  private let report: (String) -> Void
  private var database: SQLiteDatabase?
  /// Set when history cannot be kept this session.
  private var disabled = false
  /// The check of the file opened, until its outcome is taken.
  private var check: IntegrityCheck?
  /// Whether the file in use has passed its check, or was begun by this game.
  private var checked = false
  /// Whether a damaged file was moved aside this game: a second one is not, and history stops.
  private var replacedDamage = false
  /// The round in play as the file keeps it, with its answers so far: begun again in a new
  /// file when the damaged one is moved aside during it.
  private var playing: (id: Int64, round: PlayedRound, answers: [AnsweredQuestion])?

  /// Whether the player has asked the game to stop (Ctrl-C, SIGTERM, SIGHUP): a statement
  /// running long then is cut.
  private let stopRequested: () -> Bool
  /// The history's own id (`ForeignLog`), set on each transaction written.
  private var id: Int32 = 0

  public init(path: String, stopRequested: @escaping () -> Bool = { false }, report: @escaping (String) -> Void) {
    self.path = path
    self.stopRequested = stopRequested
    self.report = report
  }

  deinit {
    // The check's connection must not outlive the game's, which folds the log in at its close.
    check?.stop()
  }

  public var isKept: Bool { !disabled }

  public func roundStarted(_ round: PlayedRound) -> Int64? {
    let id = write(changing: true) { database throws(SQLiteDatabase.Failure) in try Self.insert(round, into: database) }
    playing = id.map { ($0, round, []) }
    return id
  }

  @discardableResult
  public func answered(_ answer: AnsweredQuestion, inRound round: Int64?) -> Int64? {
    // One insert, committed at once: what a game killed midway had answered stays, and its
    // round's score is the sum of its answers until the round ends.
    let row = write(changing: true) { database throws(SQLiteDatabase.Failure) in
      try Self.insert(answer, inRound: round, into: database)
      return database.lastInsertedRow
    }
    if let round, playing?.id == round { playing?.answers.append(answer) }
    return row
  }

  public func roundEnded(_ round: Int64?, score: Int, how: RoundEnding) {
    guard let round else { return }
    // A round played to the end has taken seconds: the check has long finished, or (in a
    // script) is waited for here, so that what it found is said at a moment that repeats.
    write(waitingForCheck: how == .completed, changing: true) { database throws(SQLiteDatabase.Failure) in
      try database.query(
        "UPDATE rounds SET ended_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), score = ?, ended_how = ? WHERE id = ?",
        [.integer(Int64(score)), .text(how.rawValue), .integer(round)])
    }
    if playing?.id == round { playing = nil }
  }

  public func nightEnded(_ night: PlayedNight) {
    // One transaction (as every change is): a night is kept whole or not at all.
    write(changing: true) { database throws(SQLiteDatabase.Failure) in try Self.insert(night, into: database) }
  }

  private static func insert(_ night: PlayedNight, into database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
    try database.query(
      "INSERT INTO nights (title, source, seconds_per_question, ended_early) VALUES (?, ?, ?, ?)",
      [
        .text(night.title), .text(night.source), .integer(Int64(night.secondsPerQuestion)),
        .integer(night.endedEarly ? 1 : 0),
      ])
    let id = database.lastInsertedRow
    for player in night.players {
      try database.query(
        "INSERT INTO night_players VALUES (?, ?, ?, ?, ?)",
        [
          .integer(id), .integer(Int64(player.place)), .text(player.name), .integer(Int64(player.score)),
          .integer(player.hasLeft ? 1 : 0),
        ])
    }
    for question in night.questions {
      try database.query(
        "INSERT INTO night_questions VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
          .integer(id), .integer(Int64(question.number)), .integer(question.questionID), .text(question.question),
          .text(question.correctAnswer), .integer(Int64(question.answered)), .integer(Int64(question.right)),
        ])
      for (position, answer) in question.answers.enumerated() {
        try database.query(
          "INSERT INTO night_answers VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          [
            .integer(id), .integer(Int64(question.number)), .integer(Int64(position)), .text(answer.name),
            answer.chosen.map { .text($0) } ?? .null, .integer(answer.isRight ? 1 : 0),
            answer.milliseconds.map { .integer(Int64($0)) } ?? .null, .integer(Int64(answer.points)),
          ])
      }
    }
  }

  public func hostedNights() -> [HostedNight]? {
    read(orIfNone: []) { database throws(SQLiteDatabase.Failure) in
      // A few rows a night, and a host hosts few nights: read whole, then put together.
      var players: [Int64: [PlayedNight.Player]] = [:]
      for row in try database.query("SELECT night_id, place, name, score, has_left FROM night_players ORDER BY 1, 2") {
        players[row[0].integer ?? 0, default: []].append(
          PlayedNight.Player(
            place: try StoredValue.count(row[1], "night_players.place", in: database), name: row[2].text ?? "",
            score: try StoredValue.count(row[3], "night_players.score", in: database),
            hasLeft: try StoredValue.flag(row[4], "night_players.has_left", in: database)))
      }
      var answers: [Int64: [Int: [PlayedNight.Answer]]] = [:]
      for row in try database.query(
        "SELECT night_id, number, name, chosen, is_right, milliseconds, points FROM night_answers ORDER BY 1, 2, position"
      ) {
        let number = try StoredValue.count(row[1], "night_answers.number", in: database)
        answers[row[0].integer ?? 0, default: [:]][number, default: []].append(
          PlayedNight.Answer(
            name: try StoredValue.text(row[2], "night_answers.name", in: database),
            chosen: row[3] == .null ? nil : try StoredValue.text(row[3], "night_answers.chosen", in: database),
            isRight: try StoredValue.flag(row[4], "night_answers.is_right", in: database),
            milliseconds: row[5] == .null
              ? nil : try StoredValue.count(row[5], "night_answers.milliseconds", in: database),
            points: try StoredValue.count(row[6], "night_answers.points", in: database)))
      }
      var questions: [Int64: [PlayedNight.Question]] = [:]
      for row in try database.query(
        "SELECT night_id, number, question, correct_answer, answered, right_answers FROM night_questions ORDER BY 1, 2")
      {
        let answered = try StoredValue.count(row[4], "night_questions.answered", in: database)
        let number = try StoredValue.count(row[1], "night_questions.number", in: database)
        questions[row[0].integer ?? 0, default: []].append(
          PlayedNight.Question(
            number: number, question: row[2].text ?? "", correctAnswer: row[3].text ?? "", answered: answered,
            right: try StoredValue.count(
              row[5], "night_questions.right_answers", atMost: Int64(answered), in: database),
            answers: answers[row[0].integer ?? 0]?[number] ?? []))
      }
      return try database.query(
        """
        SELECT id, date(ended_at, 'localtime'), title, source, seconds_per_question, ended_early FROM nights
        ORDER BY id DESC
        """
      ).map { row throws(SQLiteDatabase.Failure) in
        let id = try StoredValue.id(row[0], "nights.id", in: database)
        return HostedNight(
          number: Int(id), date: row[1].text ?? "",
          night: PlayedNight(
            title: row[2].text ?? "", source: row[3].text ?? "",
            secondsPerQuestion: try StoredValue.count(row[4], "nights.seconds_per_question", in: database),
            endedEarly: try StoredValue.flag(row[5], "nights.ended_early", in: database), players: players[id] ?? [],
            questions: questions[id] ?? []))
      }
    }
  }

  public func roundResumed(_ round: Int64?, as played: PlayedRound) -> Int64? {
    let id = write(changing: true) { database throws(SQLiteDatabase.Failure) in
      if let round {
        try database.query(
          "UPDATE rounds SET ended_at = NULL, ended_how = NULL WHERE id = ? AND ended_how = 'saved' AND total = ?",
          [.integer(round), .integer(Int64(played.total))])
        if database.changes > 0 { return round }
      }
      // The file does not hold the round as it was saved (it was replaced since): the round
      // goes on in a new row, under its old id where that is free.
      var id: Int64?
      if let round, try database.query("SELECT 1 FROM rounds WHERE id = ?", [.integer(round)]).isEmpty { id = round }
      return try Self.insert(played, id: id, into: database)
    }
    playing = id.map { ($0, played, []) }
    return id
  }

  private static func insert(_ round: PlayedRound, id: Int64? = nil, into database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure) -> Int64
  {
    try database.query(
      """
      INSERT INTO rounds (id, source, question_count, difficulty, category, total, players)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """,
      [
        id.map { .integer($0) } ?? .null, .text(round.source), .integer(Int64(round.questionCount)),
        .text(round.difficulty), round.category.map { .text($0) } ?? .null, .integer(Int64(round.total)),
        round.players.isEmpty ? .null : .text(round.players.joined(separator: ", ")),
      ])
    return database.lastInsertedRow
  }

  private static func insert(_ answer: AnsweredQuestion, inRound round: Int64?, into database: SQLiteDatabase)
    throws(SQLiteDatabase.Failure)
  {
    try database.query(
      """
      INSERT INTO answers (round_id, source, question_id, question, category, difficulty, chosen,
        correct_answer, is_right, seconds, player)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        round.map { .integer($0) } ?? .null, .text(answer.source), .integer(answer.questionID),
        .text(answer.question),
        .text(answer.category), answer.difficulty.map { .text($0) } ?? .null, .text(answer.chosen),
        .text(answer.correctAnswer), .integer(answer.isRight ? 1 : 0), .real(answer.seconds),
        answer.player.map { .text($0) } ?? .null,
      ])
  }

  public func bestScore(category: String?, total: Int) -> Int? {
    read(orIfNone: nil) { database throws(SQLiteDatabase.Failure) in
      try database.query(
        """
        SELECT max(score) FROM rounds
        WHERE ended_how = 'completed' AND total = ? AND category IS ? AND players IS NULL
        """,
        [.integer(Int64(total)), category.map { .text($0) } ?? .null]
      ).first?.first.flatMap { score throws(SQLiteDatabase.Failure) in
        score == .null ? nil : try StoredValue.count(score, "rounds.score", atMost: Int64(total), in: database)
      }
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
      try database.query("SELECT last_answer FROM asked WHERE question_id = ?", [.integer(id)]).first?.first.map {
        value throws(SQLiteDatabase.Failure) in try StoredValue.id(value, "asked.last_answer", in: database)
      }
    } ?? nil
  }

  public func askedQuestions() -> [Int64: Int64] {
    read(orIfNone: [:]) { database throws(SQLiteDatabase.Failure) in
      var asked: [Int64: Int64] = [:]
      asked.reserveCapacity(try database.execute(returning: "SELECT count(*) FROM asked"))
      try database.forEachRow("SELECT question_id, last_answer FROM asked") { row throws(SQLiteDatabase.Failure) in
        let last = row.integer(1)
        guard last >= 1 else { throw database.damaged("asked.last_answer is \(last), not an id") }
        asked[row.integer(0)] = last
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
      ).map { row throws(SQLiteDatabase.Failure) in
        AnsweredQuestion(
          source: row[0].text ?? "", question: row[1].text ?? "", category: row[2].text ?? "",
          difficulty: row[3].text, chosen: row[4].text ?? "", correctAnswer: row[5].text ?? "",
          isRight: try StoredValue.flag(row[6], "answers.is_right", in: database),
          seconds: try StoredValue.seconds(row[7], "answers.seconds", in: database))
      }
    } ?? []
  }

  public func stats(category: String?) -> PlayerStats? {
    read(orIfNone: PlayerStats()) { database throws(SQLiteDatabase.Failure) in
      var stats = PlayerStats()
      let query = StatsQuery.tallies(category: category)
      try query.read(into: &stats, from: database)
      // The runs the trigger keeps too.
      if let run = try database.query("SELECT current, best FROM runs WHERE category = ?", [.text(category ?? "")])
        .first
      {
        stats.bestStreak = try StoredValue.count(run[1], "runs.best", in: database)
        stats.currentStreak = try StoredValue.count(
          run[0], "runs.current", atMost: Int64(stats.bestStreak), in: database)
      }
      let rounds = category == nil ? "" : "AND category = ?"
      let inCategory: [SQLiteDatabase.Value] = category.map { [.text($0)] } ?? []
      // The player's own rounds: one of turns is its players' (as its score is no best).
      stats.roundsCompleted = Int(
        try database.query(
          "SELECT count(*) FROM rounds WHERE ended_how = 'completed' AND players IS NULL \(rounds)", inCategory
        ).first?.first?.integer ?? 0)
      stats.best = try database.query(
        """
        SELECT coalesce(category, 'All'), total, max(score) FROM rounds
        WHERE ended_how = 'completed' AND players IS NULL \(rounds)
        GROUP BY category, total ORDER BY 1, 2
        """, inCategory
      ).map { row throws(SQLiteDatabase.Failure) in
        let total = try StoredValue.count(row[1], "rounds.total", in: database)
        return PlayerStats.Best(
          category: row[0].text ?? "", total: total,
          score: try StoredValue.count(row[2], "rounds.score", atMost: Int64(total), in: database))
      }
      return stats
    }
  }

  public func playerNames() -> [String] {
    read(orIfNone: []) { database throws(SQLiteDatabase.Failure) in
      try database.query("SELECT DISTINCT player FROM answers WHERE player IS NOT NULL ORDER BY player")
        .compactMap { $0.first?.text }
    } ?? []
  }

  public func stats(players names: [String]) -> PlayerStats? {
    read(orIfNone: PlayerStats()) { database throws(SQLiteDatabase.Failure) in
      var stats = PlayerStats()
      stats.player = names.first
      let query = StatsQuery.answers(players: names)
      try query.read(into: &stats, from: database)
      for row in try database.query("SELECT is_right FROM \(query.rows) ORDER BY id", query.values) {
        let right = try StoredValue.flag(row[0], "answers.is_right", in: database)
        stats.currentStreak = right ? stats.currentStreak + 1 : 0
        stats.bestStreak = max(stats.bestStreak, stats.currentStreak)
      }
      stats.roundsCompleted = Int(
        try database.query(
          """
          SELECT count(DISTINCT round_id) FROM \(query.rows)
          AND round_id IN (SELECT id FROM rounds WHERE ended_how = 'completed')
          """, query.values
        ).first?.first?.integer ?? 0)
      return stats
    }
  }

  /// What `body` reads; `none` where there is no file yet: no history yet, not a file to
  /// make. Nil when the file cannot be read (said once, as for a write).
  private func read<T>(orIfNone none: T, _ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T) -> T? {
    var status = stat()
    guard database != nil || lstat(path, &status) == 0 else { return none }
    return write(changing: false, body)
  }

  /// Runs `body` on the open database; a failure is told once and history stops for this
  /// session, so a broken file never stops the game. A file found damaged is moved aside and
  /// `body` runs again in the new one.
  /// A change is one transaction that also sets the history's id, which puts the file's
  /// first page in the log with every commit (`ForeignLog`).
  @discardableResult
  private func write<T>(
    waitingForCheck wait: Bool = false, changing: Bool,
    _ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T
  ) -> T? {
    guard open(waitingForCheck: wait) != nil else { return nil }
    let body = { (database: SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T in
      guard changing else { return try body(database) }
      return try Self.change(database, id: self.id) { () throws(SQLiteDatabase.Failure) in try body(database) }
    }
    do throws(SQLiteDatabase.Failure) {
      return try run(body)
    } catch let error where error.isCorrupt && !replacedDamage {
      replaceDamaged()
      do throws(SQLiteDatabase.Failure) {
        return try run(body)
      } catch {
        stop("History not saved: \(error.description).")
        return nil
      }
    } catch {
      stop("History not saved: \(error.description).")
      return nil
    }
  }

  /// `body` as one transaction that sets the history's id too.
  private static func change<T>(_ database: SQLiteDatabase, id: Int32, _ body: () throws(SQLiteDatabase.Failure) -> T)
    throws(SQLiteDatabase.Failure) -> T
  {
    try database.transaction { () throws(SQLiteDatabase.Failure) in
      try database.query("PRAGMA application_id = \(id)")
      return try body()
    }
  }

  /// `body` on the open database, held no longer than the call: one found damaged is closed
  /// before it is moved aside.
  private func run<T>(_ body: (SQLiteDatabase) throws(SQLiteDatabase.Failure) -> T) throws(SQLiteDatabase.Failure)
    -> T?
  {
    guard let database else { return nil }
    return try body(database)
  }

  /// Closes the file whole: SQLite checkpoints the write-ahead log into it and removes the
  /// log, so `history.sqlite` alone holds every answer (a copy of it is a backup). Called on
  /// every way out of the game; a later use opens it again. A check still running stops; the
  /// next game checks again.
  public func close() {
    check?.stop()
    check = nil
    database = nil
  }

  private func stop(_ message: String) {
    check?.stop()
    check = nil
    disabled = true
    database = nil
    report(message)
  }

  /// The database, opened and brought to the current schema on first use; or, once the
  /// check of the file has found it damaged, a new one in its place.
  private func open(waitingForCheck wait: Bool = false) -> SQLiteDatabase? {
    if database != nil, let check, let outcome = wait ? check.wait() : check.outcome {
      self.check = nil
      switch outcome {
      case .whole: checked = true
      case .damaged: if !replacedDamage { replaceDamaged() }
      case .unknown: break
      }
    }
    if let database { return database }
    guard !disabled else { return nil }
    var status = stat()
    if lstat(path, &status) == 0, ![S_IFREG, S_IFDIR].contains(status.st_mode & S_IFMT) {
      // A link is not followed: whatever it points to is not this game's to write. A pipe
      // would hold the game until someone wrote to it.
      let what = status.st_mode & S_IFMT == S_IFLNK ? "is a symbolic link" : "is not a regular file"
      guard let aside = moveAside() else { return nil }
      report("\(path) \(what); it is kept as \(aside), and a new history begins.")
      begin()
      return database
    }
    let existed = lstat(path, &status) == 0 && status.st_size > 0
    for sentence in ForeignLog.setAside(beside: path) { report(sentence) }
    do {
      let (database, id) = try Self.prepare(path, stopRequested: stopRequested)
      self.database = database
      self.id = id
      if existed, !checked { check = IntegrityCheck(path: database.file) }
    } catch let failure as SQLiteDatabase.Failure where failure.isCorrupt {
      replaceDamaged()
    } catch let foreign as HistorySchema.Foreign {
      replaceDamaged(saying: foreign.reason)
    } catch let failure as UnknownVersion {
      stop(failure.message(path: path))
    } catch {
      stop("History not kept: \(error).")
    }
    return database
  }

  /// Moves the damaged file (closed by now, its log not folded in) aside with its -wal and
  /// -shm, says so (that it `was damaged`, or what is foreign in it), and begins a new
  /// history.
  private func replaceDamaged(saying what: String = "was damaged") {
    check?.stop()
    check = nil
    database?.closeWithoutCheckpoint()
    database = nil
    replacedDamage = true
    guard let aside = moveAside() else { return }
    report("\(path) \(what); it is kept as \(aside), and a new history begins.")
    begin()
  }

  /// Renames the file and its -wal and -shm to `history.sqlite.corrupt-DATE`, as the other
  /// kept files are (a number added when that is taken; a symlink moves as the link); the new
  /// name, or nil when the file cannot be moved (said, and history stops).
  private func moveAside() -> String? {
    let stamp = path + ".corrupt-" + KeptFile.timestamp()
    var aside = stamp
    var status = stat()
    var next = 2
    while lstat(aside, &status) == 0 || lstat(aside + "-wal", &status) == 0 {
      aside = "\(stamp)-\(next)"
      next += 1
    }
    guard rename(path, aside) == 0 else {
      stop("History not kept: \(path) cannot be moved aside: \(String(cString: strerror(errno))).")
      return nil
    }
    for suffix in ["-wal", "-shm"] { rename(path + suffix, aside + suffix) }
    return aside
  }

  /// A new file in the place of one moved aside, holding the round in play so far.
  private func begin() {
    do {
      let (database, id) = try Self.prepare(path, stopRequested: stopRequested)
      self.id = id
      if let playing {
        try Self.change(database, id: id) { () throws(SQLiteDatabase.Failure) in
          _ = try Self.insert(playing.round, id: playing.id, into: database)
          for answer in playing.answers { try Self.insert(answer, inRound: playing.id, into: database) }
        }
      }
      self.database = database
      checked = true
    } catch {
      stop("History not kept: \(error).")
    }
  }

  /// A file whose `user_version` this trivia does not know: written by a newer one, or not
  /// by trivia at all (no trivia writes a negative one).
  struct UnknownVersion: Error {
    var version: Int

    func message(path: String) -> String {
      let which =
        if version > HistorySchema.version {
          "was written by a newer trivia (version \(version), this one knows \(HistorySchema.version))"
        } else if version == 0 {
          "holds tables but no version, which no trivia writes"
        } else {
          "has version \(version), which no trivia writes"
        }
      return "\(path) \(which); it is left as it is, and this game keeps no history."
    }
  }

  /// A file SQLite opened for reading only: said before any write fails on it.
  struct ReadOnlyFile: Error, CustomStringConvertible {
    var path: String

    var description: String {
      "\(path) can only be read (its mode, or the format of a newer SQLite); it is left as it is"
    }
  }

  /// Opens `path` (making its folder), checks its version and its schema before changing
  /// anything, then turns on WAL, gives it an id of its own if it has none, and migrates it;
  /// the database and its id.
  private static func prepare(_ path: String, stopRequested: @escaping () -> Bool) throws -> (SQLiteDatabase, Int32) {
    makeFolder(of: path)
    var status = stat()
    let hadLog = lstat(path + "-wal", &status) == 0 && status.st_size > 0
    let database = try SQLiteDatabase(path: path, stopRequested: stopRequested)
    var id: Int32 = 0
    do {
      // The version and the schema read in one snapshot: another game migrating the file step by
      // step between the two reads would make its new tables look foreign to this one.
      try database.execute("BEGIN")
      let version: Int
      do {
        version = try database.execute(returning: "PRAGMA user_version")
        // Known once the header has been read.
        guard !database.isReadOnly else { throw ReadOnlyFile(path: path) }
        guard (0...HistorySchema.version).contains(version) else { throw UnknownVersion(version: version) }
        // Trivia sets the version in the transaction that makes the tables: tables without one
        // were made by something else, and migrating would fail on them half-way.
        if version == 0, try database.execute(returning: "SELECT count(*) FROM sqlite_master") > 0 {
          throw UnknownVersion(version: 0)
        }
        try HistorySchema.check(database, version: version)
        try database.execute("COMMIT")
      } catch {
        try? database.execute("ROLLBACK")
        throw error
      }
      try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
      id = Int32(truncatingIfNeeded: try database.execute(returning: "PRAGMA application_id"))
      let drawn = id == 0
      if drawn {
        // A new file, or one from before ids: one is drawn, and folded into the file at once,
        // so that a log left by a game killed later can be told to be its own.
        id = try database.transaction { () throws(SQLiteDatabase.Failure) in
          let found = Int32(truncatingIfNeeded: try database.execute(returning: "PRAGMA application_id"))
          guard found == 0 else { return found }
          let fresh = Int32.random(in: 1...Int32.max)
          try database.execute("PRAGMA application_id = \(fresh)")
          return fresh
        }
      }
      for step in version..<HistorySchema.version {
        try change(database, id: id) { () throws(SQLiteDatabase.Failure) in
          // Another game may have migrated it while this one waited for the lock.
          guard try database.execute(returning: "PRAGMA user_version") == step else { return }
          try database.execute(HistorySchema.migrations[step])
          try database.execute("PRAGMA user_version = \(step + 1)")
        }
      }
      if drawn { _ = try? database.execute(returning: "PRAGMA wal_checkpoint(PASSIVE)") }
    } catch {
      // Moved aside, or left, as it was found: nothing folded into it. (A log this game
      // only opened, empty, is removed at the close.)
      if (error is UnknownVersion && hadLog) || error is HistorySchema.Foreign
        || (error as? SQLiteDatabase.Failure)?.isCorrupt == true
      {
        database.closeWithoutCheckpoint()
      }
      throw error
    }
    return (database, id)
  }

  /// As the other files the game keeps are made: private to the player. SQLite gives its
  /// -wal and -shm files the database file's mode. A symbolic link is not followed.
  private static func makeFolder(of path: String) {
    let folder = AtomicFile.folder(of: path)
    if !folder.isEmpty { try? AtomicFile.makePrivateFolder(folder) }
    let descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else { return }
    var status = stat()
    if fstat(descriptor, &status) == 0, status.st_mode & 0o077 != 0 { fchmod(descriptor, status.st_mode & 0o700) }
    Glibc.close(descriptor)
  }
}
