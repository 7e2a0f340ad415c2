import CSQLite
import Glibc

/// One change to a history's contents, read from the fuzzer's bytes: each byte chooses an
/// operation and its operands from the lists below, so any input is a program and a
/// mutated input is a nearby one.
enum HistoryMutation: CustomStringConvertible {
  /// A column of one row (or of every row) set to a value of `values`.
  case set(table: Int, column: Int, row: Int?, value: Int)
  /// One row (or every row) deleted.
  case delete(table: Int, row: Int?)
  /// A statement of `statements`: rows added, schema objects added, dropped or rewritten.
  case statement(Int)
  /// `PRAGMA user_version` or `application_id` set to a number of `numbers`.
  case pragma(applicationID: Bool, number: Int)
  /// The log folded into the file and emptied.
  case checkpoint
  /// From here on, changes are written as another program would: without the history's
  /// first page in each transaction, so its log is not the history's own.
  case bareCommits
  /// A field of the file's header (`headerFields`) set to a number of `numbers`.
  case header(field: Int, number: Int)
  /// A field of one log frame (or of the log's header) set, its checksums then made to
  /// hold or not.
  case frame(index: Int, field: Int, number: Int, resum: Bool)

  /// The program in `bytes`.
  static func program(_ bytes: [UInt8]) -> [HistoryMutation] {
    var program: [HistoryMutation] = []
    var index = 0
    func next() -> Int {
      defer { index += 1 }
      return index < bytes.count ? Int(bytes[index]) : 0
    }
    while index < bytes.count, program.count < 24 {
      switch next() % 8 {
      case 0:
        let table = next() % tables.count
        let row = next()
        program.append(
          .set(
            table: table, column: next() % tables[table].columns.count, row: row & 0x80 == 0 ? row : nil,
            value: next() % values.count))
      case 1:
        let row = next()
        program.append(.delete(table: next() % tables.count, row: row & 0x80 == 0 ? row : nil))
      case 2: program.append(.statement(next() % statements.count))
      case 3:
        let which = next()
        program.append(.pragma(applicationID: which & 1 == 1, number: next() % numbers.count))
      case 4: program.append(.checkpoint)
      case 5: program.append(.bareCommits)
      case 6: program.append(.header(field: next() % headerFields.count, number: next() % numbers.count))
      default:
        let frame = next()
        let field = next()
        program.append(.frame(index: frame, field: field % 8, number: next() % numbers.count, resum: field & 8 != 0))
      }
    }
    return program
  }

  var description: String {
    switch self {
    case .set(let table, let column, let row, let value):
      "set \(Self.tables[table].name).\(Self.tables[table].columns[column]) of row \(row.map(String.init) ?? "all") "
        + "to \(Self.values[value])"
    case .delete(let table, let row): "delete row \(row.map(String.init) ?? "all") of \(Self.tables[table].name)"
    case .statement(let index): Self.statements[index]
    case .pragma(let applicationID, let number):
      "PRAGMA \(applicationID ? "application_id" : "user_version") = \(Self.numbers[number])"
    case .checkpoint: "checkpoint"
    case .bareCommits: "bare commits"
    case .header(let field, let number): "header byte \(Self.headerFields[field].offset) = \(Self.numbers[number])"
    case .frame(let index, let field, let number, let resum):
      "frame \(index) field \(field) = \(Self.numbers[number])\(resum ? ", checksums made to hold" : "")"
    }
  }

  /// Each table the game keeps, its key (what tells its rows apart) and its columns.
  static let tables: [(name: String, key: String, columns: [String])] = [
    (
      "rounds", "id",
      [
        "id", "started_at", "ended_at", "source", "question_count", "difficulty", "category", "total", "score",
        "ended_how", "players",
      ]
    ),
    (
      "answers", "id",
      [
        "id", "round_id", "answered_at", "source", "question_id", "question", "category", "difficulty", "chosen",
        "correct_answer", "is_right", "seconds", "player",
      ]
    ),
    ("tallies", "category || '|' || difficulty", ["category", "difficulty", "answered", "correct", "seconds"]),
    ("runs", "category", ["category", "current", "best"]),
    ("asked", "question_id", ["question_id", "last_answer", "last_right"]),
    ("nights", "id", ["id", "ended_at", "title", "source", "seconds_per_question", "ended_early"]),
    ("night_players", "night_id || '|' || place", ["night_id", "place", "name", "score", "has_left"]),
    (
      "night_questions", "night_id || '|' || number",
      ["night_id", "number", "question_id", "question", "correct_answer", "answered", "right_answers"]
    ),
  ]

  /// Values as SQL: out of range, of another type, at the edges. (SQLite keeps no NaN: a
  /// NaN written is NULL.)
  static let values = [
    "NULL", "-1", "0", "1", "2", "3", "9223372036854775807", "-9223372036854775808", "1099511627776",
    "1099511627777", "1e308", "-1e308", "1e999", "-1e999", "0.5", "-0.0", "2.0", "1e12", "1000000000001.5", "'abc'",
    "''", "'7'", "X'FF00'", "'completed'", "'saved'", "'abandoned'", "'2024-01-01T00:00:00.000Z'", "'9999-99-99'",
    "(SELECT max(id) FROM answers)", "(SELECT max(id) FROM rounds) + 1", "(SELECT max(id) FROM nights) + 1",
    "'Ann'", "char(27) || '[2J'", "zeroblob(100000)", "printf('%.*c', 70000, 'x')",
  ]

  static let numbers: [Int64] = [
    0, 1, 2, 3, 4, 5, -1, 255, 256, 512, 4096, 65536, 0x7FFF_FFFF, 0xFFFF_FFFF, -0x8000_0000, 0x1234_5678,
  ]

  /// Header fields: their offset and width in bytes.
  static let headerFields: [(offset: Int, width: Int)] = [
    (16, 2), (18, 1), (19, 1), (20, 1), (21, 1), (24, 4), (28, 4), (32, 4), (36, 4), (40, 4), (44, 4), (48, 4),
    (52, 4), (56, 4), (60, 4), (64, 4), (68, 4), (92, 4), (96, 4),
  ]

  /// A statement that never ends by itself.
  static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c"

  static let statements = [
    // Rows, as the game adds them (through its triggers).
    """
    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 300)
    INSERT INTO answers (round_id, source, question_id, question, category, difficulty, chosen, correct_answer,
      is_right, seconds, player)
    SELECT 1, 'bundled', x * 7919, 'Q' || x, CASE x % 3 WHEN 0 THEN 'Art' ELSE 'Science' END,
      CASE x % 2 WHEN 0 THEN 'hard' END, 'a', 'a', x % 2, x / 10.0, CASE x % 5 WHEN 0 THEN 'Ann' END FROM c
    """,
    "INSERT INTO rounds (source, question_count, difficulty, total, score, ended_how) VALUES ('x', 3, 'easy', 3, 3, 'completed')",
    "INSERT INTO rounds (source, question_count, difficulty, total, score, ended_how) VALUES ('x', 3, 'easy', 3, 4, 'completed')",
    "INSERT INTO rounds (source, question_count, difficulty, total, score, ended_how) VALUES ('x', 3, 'easy', -3, 0, 'completed')",
    "INSERT INTO night_players VALUES ((SELECT max(id) FROM nights) + 1, 1, 'Orphan', 3, 0)",
    "INSERT INTO night_questions VALUES ((SELECT max(id) FROM nights) + 1, 1, 5, 'Orphan?', 'Yes', 1, 1)",
    "INSERT INTO night_questions VALUES (1, 3, 5, 'More right?', 'Yes', 1, 2)",
    "INSERT INTO tallies VALUES ('Art', 'easy', 5, 6, 1.0)",
    "INSERT INTO tallies VALUES ('Art', 'easy', 9223372036854775807, 0, 1.0)",
    "INSERT INTO tallies VALUES ('Art', 'hard', 1099511627776, 1099511627776, 1e12)",
    "INSERT INTO runs VALUES ('Art', 5, 2)",
    "INSERT INTO asked VALUES (123, -5, 0)",
    "INSERT INTO asked VALUES (124, 9223372036854775807, 1)",
    "UPDATE answers SET round_id = 99",
    "UPDATE answers SET player = ''",
    "UPDATE answers SET player = 'Ann' WHERE player IS NULL",
    "UPDATE rounds SET players = NULL",
    "UPDATE rounds SET id = id + 1000",
    "UPDATE nights SET id = -1",
    "UPDATE tallies SET seconds = seconds + 1e12",
    "UPDATE runs SET current = best + 1",
    // Schema objects trivia did not make, or made otherwise.
    "CREATE TRIGGER t AFTER INSERT ON answers BEGIN \(endless); END",
    "CREATE TRIGGER t BEFORE INSERT ON rounds BEGIN SELECT 1; END",
    "CREATE VIEW v AS SELECT 1",
    "DROP TABLE asked; CREATE VIEW asked AS SELECT question_id, last_answer, last_right FROM answers",
    "CREATE INDEX extra ON answers(category)",
    "DROP INDEX rounds_by_end",
    "DROP INDEX answers_by_player",
    "DROP TRIGGER answers_tallied",
    "DROP TRIGGER answers_asked",
    "CREATE TABLE extra(x)",
    "DROP TABLE runs",
    "DROP TABLE night_questions",
    "ALTER TABLE answers ADD COLUMN extra TEXT",
    "ALTER TABLE rounds RENAME COLUMN score TO points",
    "ALTER TABLE nights RENAME TO nights_before",
    "UPDATE sqlite_master SET sql = sql || '  ' WHERE name = 'runs'",
    "UPDATE sqlite_master SET sql = replace(sql, '  ', ' ') WHERE name = 'answers_tallied'",
    "UPDATE sqlite_master SET sql = lower(sql) WHERE name = 'tallies'",
    "UPDATE sqlite_master SET sql = replace(sql, ' CHECK (is_right IN (0, 1))', '') WHERE name = 'answers'",
    "UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'answers') WHERE name = 'rounds'",
    "UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'runs') WHERE name = 'tallies'",
    "UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'asked') WHERE name = 'nights'",
    "UPDATE sqlite_master SET rootpage = 9999 WHERE name = 'asked'",
    "UPDATE sqlite_master SET rootpage = 1 WHERE name = 'night_players'",
    "DELETE FROM sqlite_master WHERE name = 'answers_by_player'",
    "UPDATE sqlite_master SET tbl_name = 'answers' WHERE name = 'rounds_by_end'",
    "INSERT INTO sqlite_master VALUES ('table', 'x', 'x', 0, 'CREATE TABLE x(y)')",
    "PRAGMA schema_version = 1",
    // The file laid out otherwise.
    "VACUUM",
    "PRAGMA page_size = 512; VACUUM",
    "PRAGMA page_size = 65536; VACUUM",
    "PRAGMA auto_vacuum = FULL; VACUUM",
    "PRAGMA journal_mode = DELETE",
    "REINDEX",
    "DELETE FROM answers",
    "DELETE FROM rounds",
  ]

  /// Applies `program` to the history at `path`: its statements through a connection of
  /// their own, whose log is left unfolded; then the header and the log's frames.
  static func apply(_ program: [HistoryMutation], to path: String) {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      return
    }
    trivia_sqlite3_no_checkpoint_on_close(handle)
    sqlite3_exec(handle, "PRAGMA writable_schema = ON; PRAGMA ignore_check_constraints = ON", nil, nil, nil)
    let id = Int(first(handle, "PRAGMA application_id") ?? 0)
    var bare = false
    // Each change one transaction; the game's own set the id again, which puts the file's
    // first page into the log with each commit.
    func change(_ sql: String) {
      guard sqlite3_exec(handle, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK else { return }
      if !bare { sqlite3_exec(handle, "PRAGMA application_id = \(id)", nil, nil, nil) }
      if sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK {
        sqlite3_exec(handle, "COMMIT", nil, nil, nil)
      } else {
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      }
    }
    var later: [HistoryMutation] = []
    for mutation in program {
      switch mutation {
      case .set(let table, let column, let row, let value):
        let (name, key, columns) = tables[table]
        change("UPDATE \(name) SET \(columns[column]) = \(values[value])\(Self.row(row, of: name, key: key))")
      case .delete(let table, let row):
        let (name, key, _) = tables[table]
        change("DELETE FROM \(name)\(Self.row(row, of: name, key: key))")
      case .statement(let index):
        let sql = statements[index]
        if sql.contains("VACUUM") || sql.hasPrefix("PRAGMA journal_mode") {
          sqlite3_exec(handle, sql, nil, nil, nil)
        } else {
          change(sql)
        }
      case .pragma(let applicationID, let number):
        change("PRAGMA \(applicationID ? "application_id" : "user_version") = \(numbers[number])")
      case .checkpoint: sqlite3_exec(handle, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
      case .bareCommits: bare = true
      case .header, .frame: later.append(mutation)
      }
    }
    sqlite3_close_v2(handle)
    for mutation in later {
      switch mutation {
      case .header(let field, let number):
        let (offset, width) = headerFields[field]
        poke(path, at: offset, width: width, numbers[number])
      case .frame(let index, let field, let number, let resum):
        rewriteFrame(path + "-wal", index, field, numbers[number], resum)
      default: break
      }
    }
  }

  /// The `WHERE` of one row of `table`, the `row`th by its key (modulo the rows there are);
  /// nothing for every row.
  static func row(_ row: Int?, of table: String, key: String) -> String {
    guard let row else { return "" }
    return " WHERE \(key) = (SELECT \(key) FROM \(table) ORDER BY 1 LIMIT 1 OFFSET \(row) % "
      + "max(1, (SELECT count(*) FROM \(table))))"
  }

  static func first(_ handle: OpaquePointer, _ sql: String) -> Int64? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { return nil }
    defer { sqlite3_finalize(statement) }
    return sqlite3_step(statement) == SQLITE_ROW ? sqlite3_column_int64(statement, 0) : nil
  }

  /// Writes `number`'s low `width` bytes, big-endian, at `offset` of the file at `path`.
  static func poke(_ path: String, at offset: Int, width: Int, _ number: Int64) {
    let bytes = (0..<width).map { UInt8(truncatingIfNeeded: number >> (8 * (width - 1 - $0))) }
    let descriptor = open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, width, off_t(offset)) }
    close(descriptor)
  }

  /// Sets a field of frame `index` (modulo the frames there are) of the log at `path`: its
  /// page number, commit size, either salt, either checksum, a byte of its page; field 7 is
  /// the log header's first salt. With `resum`, every checksum from that frame on is then
  /// computed again, so that SQLite would apply what was changed.
  static func rewriteFrame(_ path: String, _ index: Int, _ field: Int, _ number: Int64, _ resum: Bool) {
    guard var log = readFile(path), log.count >= 32 else { return }
    let pageSize = Int(word(log, 8))
    guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return }
    let frames = (log.count - 32) / (24 + pageSize)
    guard frames > 0 else { return }
    let frame = 32 + (index % frames) * (24 + pageSize)
    func put(_ offset: Int, _ value: Int64) {
      for byte in 0..<4 { log[offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
    }
    switch field {
    case 0: put(frame, number)
    case 1: put(frame + 4, number)
    case 2: put(frame + 8, number)
    case 3: put(frame + 12, number)
    case 4: put(frame + 16, number)
    case 5: put(frame + 20, number)
    case 6:
      log[frame + 24 + Int(UInt64(bitPattern: number) % UInt64(pageSize))] ^= UInt8(truncatingIfNeeded: number | 1)
    default: put(16, number)
    }
    if resum { resumChecksums(&log, pageSize: pageSize) }
    _ = writeFile(path, log)
  }

  /// The log's checksums computed again, as SQLite computes them (big-endian words when the
  /// magic's low bit is set), the header's and each frame's in turn.
  static func resumChecksums(_ log: inout [UInt8], pageSize: Int) {
    let bigEndian = word(log, 0) & 1 == 1
    var sums: (UInt32, UInt32) = (0, 0)
    func add(_ range: Range<Int>) {
      var index = range.lowerBound
      while index + 8 <= range.upperBound {
        var first = word(log, index)
        var second = word(log, index + 4)
        if !bigEndian {
          first = first.byteSwapped
          second = second.byteSwapped
        }
        sums.0 = sums.0 &+ first &+ sums.1
        sums.1 = sums.1 &+ second &+ sums.0
        index += 8
      }
    }
    func put(_ offset: Int, _ value: UInt32) {
      for byte in 0..<4 { log[offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * byte)) }
    }
    add(0..<24)
    put(24, sums.0)
    put(28, sums.1)
    var frame = 32
    while frame + 24 + pageSize <= log.count {
      add(frame..<(frame + 8))
      add((frame + 24)..<(frame + 24 + pageSize))
      put(frame + 16, sums.0)
      put(frame + 20, sums.1)
      frame += 24 + pageSize
    }
  }

  static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
  }
}
