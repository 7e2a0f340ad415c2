/// What the player's stats and the named players' stats read alike: the overall tally, the
/// mean time to answer, and the tallies by category and by level. Only the rows differ: the
/// tallies the answers' trigger keeps, or the answers themselves.
struct StatsQuery {
  /// The rows to count, as they follow `FROM`: a table and its `WHERE`.
  var rows: String
  /// The values of the `?` in `rows`.
  var values: [SQLiteDatabase.Value]
  /// What a group of rows counts as answers, and as right answers.
  var answered: String
  var right: String
  /// A row's level, `no level` for a question without one.
  var level: String
  /// The rows `rows` adds up that hold a value trivia never writes, first: checked before
  /// they are added up, where a sum would hide them or overflow.
  var damage: [String]

  /// The answers of players in turns that hold a value out of range (the index on player
  /// finds them).
  static let damagedAnswers = """
    SELECT 'answers.is_right of answer ' || id || ' is ' || quote(is_right) || ', or its seconds ' || quote(seconds)
    FROM answers WHERE player IS NOT NULL AND NOT (is_right IN (0, 1) AND typeof(seconds) IN ('integer', 'real')
      AND seconds BETWEEN 0 AND \(StoredValue.largestSeconds)) LIMIT 1
    """

  /// The player's own, in `category` or in all: the tallies the answers' trigger keeps (a
  /// few rows, however long the history), less the answers players gave in rounds of turns,
  /// which the trigger tallies too (those rounds are few, and their answers indexed).
  static func tallies(category: String?) -> StatsQuery {
    let inCategory = category == nil ? "" : " AND category = ?"
    let value: [SQLiteDatabase.Value] = category.map { [.text($0)] } ?? []
    return StatsQuery(
      rows: """
        (SELECT category, difficulty, answered, correct, seconds FROM tallies WHERE 1\(inCategory)
        UNION ALL
        SELECT category, coalesce(difficulty, ''), -1, -is_right, -seconds FROM answers
        WHERE player IS NOT NULL AND player <> ''\(inCategory))
        """,
      values: value + value, answered: "sum(answered)", right: "sum(correct)",
      level: "CASE difficulty WHEN '' THEN 'no level' ELSE difficulty END",
      damage: [
        """
        SELECT 'tallies of ' || quote(category) || ', ' || quote(difficulty) || ' hold ' || quote(correct)
          || ' right of ' || quote(answered) || ' in ' || quote(seconds) || ' s'
        FROM tallies WHERE NOT (typeof(answered) = 'integer' AND answered BETWEEN 0 AND \(StoredValue.largestCount)
          AND typeof(correct) = 'integer' AND correct BETWEEN 0 AND answered
          AND typeof(seconds) IN ('integer', 'real') AND seconds BETWEEN 0 AND \(StoredValue.largestSeconds)) LIMIT 1
        """,
        damagedAnswers,
      ])
  }

  /// The named players' own answers: rounds of turns are few, so no tallies are kept.
  static func answers(players names: [String]) -> StatsQuery {
    StatsQuery(
      rows: "answers WHERE player IN (" + names.map { _ in "?" }.joined(separator: ", ") + ")",
      values: names.map { .text($0) }, answered: "count(*)", right: "sum(is_right)",
      level: "coalesce(difficulty, 'no level')", damage: [damagedAnswers])
  }

  /// Sets the overall tally, the mean seconds and the tallies by category and by level.
  func read(into stats: inout PlayerStats, from database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
    for sql in damage {
      if let found = try database.query(sql).first?.first?.text { throw database.damaged(found) }
    }
    let overall =
      try database.query(
        "SELECT coalesce(\(answered), 0), coalesce(\(right), 0), coalesce(total(seconds), 0) FROM \(rows)", values
      ).first ?? [.null, .null, .null]
    stats.overall = try tally(name: "all", overall[0], overall[1], in: database)
    if stats.overall.answered > 0 {
      stats.meanSeconds =
        try StoredValue.seconds(overall[2], "the seconds of every answer", in: database)
        / Double(stats.overall.answered)
    }
    stats.categories = try tallies(
      "SELECT category, \(answered), \(right) FROM \(rows) GROUP BY category HAVING \(answered) > 0 ORDER BY category",
      in: database)
    // A group whose every answer was a player's in turns is none of the player's own.
    stats.levels = try tallies(
      """
      SELECT \(level), \(answered), \(right) FROM \(rows) GROUP BY difficulty HAVING \(answered) > 0
      ORDER BY CASE difficulty WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 ELSE 4 END
      """, in: database)
  }

  private func tallies(_ sql: String, in database: SQLiteDatabase) throws(SQLiteDatabase.Failure)
    -> [PlayerStats.Tally]
  {
    try database.query(sql, values).map { row throws(SQLiteDatabase.Failure) in
      try tally(name: row[0].text ?? "", row[1], row[2], in: database)
    }
  }

  /// `right` of `answered`, each a count, the one no more than the other.
  private func tally(
    name: String, _ answered: SQLiteDatabase.Value, _ right: SQLiteDatabase.Value, in database: SQLiteDatabase
  ) throws(SQLiteDatabase.Failure) -> PlayerStats.Tally {
    let answered = try StoredValue.count(answered, "the answers in \(name)", in: database)
    let right = try StoredValue.count(right, "the right answers in \(name)", atMost: Int64(answered), in: database)
    return PlayerStats.Tally(name: name, answered: answered, right: right)
  }
}
