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
      level: "CASE difficulty WHEN '' THEN 'no level' ELSE difficulty END")
  }

  /// The named players' own answers: rounds of turns are few, so no tallies are kept.
  static func answers(players names: [String]) -> StatsQuery {
    StatsQuery(
      rows: "answers WHERE player IN (" + names.map { _ in "?" }.joined(separator: ", ") + ")",
      values: names.map { .text($0) }, answered: "count(*)", right: "sum(is_right)",
      level: "coalesce(difficulty, 'no level')")
  }

  /// Sets the overall tally, the mean seconds and the tallies by category and by level.
  func read(into stats: inout PlayerStats, from database: SQLiteDatabase) throws(SQLiteDatabase.Failure) {
    let overall = try database.query(
      "SELECT coalesce(\(answered), 0), coalesce(\(right), 0), coalesce(sum(seconds), 0) FROM \(rows)", values
    ).first
    stats.overall = PlayerStats.Tally(
      name: "all", answered: Int(overall?[0].integer ?? 0), right: Int(overall?[1].integer ?? 0))
    if stats.overall.answered > 0 {
      stats.meanSeconds = (overall?[2].number ?? 0) / Double(stats.overall.answered)
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
    try database.query(sql, values).map { row in
      PlayerStats.Tally(name: row[0].text ?? "", answered: Int(row[1].integer ?? 0), right: Int(row[2].integer ?? 0))
    }
  }
}
