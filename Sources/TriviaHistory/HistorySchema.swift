/// The history file's tables, versioned with `PRAGMA user_version`: migration N takes a
/// file from version N to N + 1, so an older file is brought up to date step by step.
enum HistorySchema {
  static let migrations = [
    """
    CREATE TABLE rounds (
      id INTEGER PRIMARY KEY,
      started_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      ended_at TEXT,
      source TEXT NOT NULL,
      question_count INTEGER NOT NULL,
      difficulty TEXT NOT NULL,
      category TEXT,
      total INTEGER NOT NULL,
      score INTEGER,
      ended_how TEXT CHECK (ended_how IN ('completed', 'abandoned', 'saved'))
    );
    CREATE TABLE answers (
      id INTEGER PRIMARY KEY,
      round_id INTEGER REFERENCES rounds(id),
      answered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      source TEXT NOT NULL,
      question_id INTEGER NOT NULL,
      question TEXT NOT NULL,
      category TEXT NOT NULL,
      difficulty TEXT,
      chosen TEXT NOT NULL,
      correct_answer TEXT NOT NULL,
      is_right INTEGER NOT NULL CHECK (is_right IN (0, 1)),
      seconds REAL NOT NULL
    );
    CREATE INDEX answers_by_question ON answers(question_id);
    CREATE INDEX rounds_by_end ON rounds(ended_how, category, total);
    -- What stats read, kept up to date as each answer is written, so that stats cost the
    -- same after a hundred answers as after a hundred thousand.
    CREATE TABLE tallies (
      category TEXT NOT NULL,
      difficulty TEXT NOT NULL,
      answered INTEGER NOT NULL,
      correct INTEGER NOT NULL,
      seconds REAL NOT NULL,
      PRIMARY KEY (category, difficulty)
    ) WITHOUT ROWID;
    CREATE TABLE runs (
      category TEXT PRIMARY KEY,
      current INTEGER NOT NULL,
      best INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TRIGGER answers_tallied AFTER INSERT ON answers BEGIN
      INSERT INTO tallies VALUES (NEW.category, coalesce(NEW.difficulty, ''), 1, NEW.is_right, NEW.seconds)
        ON CONFLICT (category, difficulty) DO UPDATE
        SET answered = answered + 1, correct = correct + NEW.is_right, seconds = seconds + NEW.seconds;
      INSERT INTO runs VALUES ('', NEW.is_right, NEW.is_right)
        ON CONFLICT (category) DO UPDATE
        SET current = CASE NEW.is_right WHEN 1 THEN current + 1 ELSE 0 END,
          best = max(best, CASE NEW.is_right WHEN 1 THEN current + 1 ELSE 0 END);
      INSERT INTO runs VALUES (NEW.category, NEW.is_right, NEW.is_right)
        ON CONFLICT (category) DO UPDATE
        SET current = CASE NEW.is_right WHEN 1 THEN current + 1 ELSE 0 END,
          best = max(best, CASE NEW.is_right WHEN 1 THEN current + 1 ELSE 0 END);
    END;
    """,
    // Which questions were asked, and in what order last: what dealing around them reads,
    // one row a question. It replaces the index that found a question's last answer.
    """
    CREATE TABLE asked (
      question_id INTEGER PRIMARY KEY,
      last_answer INTEGER NOT NULL,
      last_right INTEGER NOT NULL CHECK (last_right IN (0, 1))
    );
    INSERT INTO asked SELECT question_id, max(id), is_right FROM answers GROUP BY question_id;
    CREATE TRIGGER answers_asked AFTER INSERT ON answers BEGIN
      INSERT INTO asked VALUES (NEW.question_id, NEW.id, NEW.is_right)
        ON CONFLICT (question_id) DO UPDATE SET last_answer = NEW.id, last_right = NEW.is_right;
    END;
    DROP INDEX answers_by_question;
    """,
    // Trivia nights this player hosted: the table at the end, and each question revealed.
    """
    CREATE TABLE nights (
      id INTEGER PRIMARY KEY,
      ended_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      title TEXT NOT NULL,
      source TEXT NOT NULL,
      seconds_per_question INTEGER NOT NULL,
      ended_early INTEGER NOT NULL CHECK (ended_early IN (0, 1))
    );
    CREATE TABLE night_players (
      night_id INTEGER NOT NULL REFERENCES nights(id),
      place INTEGER NOT NULL,
      name TEXT NOT NULL,
      score INTEGER NOT NULL,
      has_left INTEGER NOT NULL CHECK (has_left IN (0, 1)),
      PRIMARY KEY (night_id, place)
    );
    CREATE TABLE night_questions (
      night_id INTEGER NOT NULL REFERENCES nights(id),
      number INTEGER NOT NULL,
      question_id INTEGER NOT NULL,
      question TEXT NOT NULL,
      correct_answer TEXT NOT NULL,
      answered INTEGER NOT NULL,
      right_answers INTEGER NOT NULL,
      PRIMARY KEY (night_id, number)
    );
    """,
    // Rounds played in turns at one terminal: whose answer each was (NULL for one player),
    // and who played the round, so that one player's best is not set by several.
    """
    ALTER TABLE answers ADD COLUMN player TEXT;
    ALTER TABLE rounds ADD COLUMN players TEXT;
    CREATE INDEX answers_by_player ON answers(player, id) WHERE player IS NOT NULL;
    """,
    // Each player's answer to each question of a night hosted here: the night's report.
    """
    CREATE TABLE night_answers (
      night_id INTEGER NOT NULL REFERENCES nights(id),
      number INTEGER NOT NULL,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      chosen TEXT,
      is_right INTEGER NOT NULL CHECK (is_right IN (0, 1)),
      milliseconds INTEGER,
      points INTEGER NOT NULL,
      PRIMARY KEY (night_id, number, position)
    ) WITHOUT ROWID;
    """,
    // The player's own completed rounds, all that stats and the best score read of rounds:
    // counted and ranked in the index alone, where the index it replaces sent each to its row
    // to tell whether it was a round of turns.
    """
    CREATE INDEX rounds_completed ON rounds(category, total, score) WHERE ended_how = 'completed' AND players IS NULL;
    DROP INDEX rounds_by_end;
    """,
  ]

  static var version: Int { migrations.count }

  /// The schema objects (tables, indexes, triggers, views) in `database`, each as one line:
  /// its type, name, table and SQL, its whitespace as single spaces.
  static func objects(in database: SQLiteDatabase) throws(SQLiteDatabase.Failure) -> [String] {
    try database.query("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map { row in
      singleSpaced(row.map { $0.text ?? "" }.joined(separator: " "))
    }
  }

  /// `text` with each run of ASCII white space as one space, none at either end: by bytes,
  /// as a schema's SQL is ASCII, where by `Character` the check cost a few milliseconds. Any
  /// other space makes the object differ, as it should: trivia writes none.
  private static func singleSpaced(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        pendingSpace = !bytes.isEmpty
        continue
      }
      if pendingSpace {
        bytes.append(0x20)
        pendingSpace = false
      }
      bytes.append(byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The schema objects of a file of `version`, as this trivia makes it: the migrations run
  /// in memory.
  static func objects(version: Int) throws(SQLiteDatabase.Failure) -> [String] {
    let database = try SQLiteDatabase(path: ":memory:")
    for step in 0..<version { try database.execute(migrations[step]) }
    return try objects(in: database)
  }

  /// A file whose schema holds an object trivia did not make, or lacks one it did: another
  /// program's trigger or view may run without end or write anywhere in the file.
  struct Foreign: Error {
    /// The first object that differs: its type and name, `no` before one missing.
    var object: String

    var reason: String { "holds a schema trivia did not make (\(object))" }
  }

  /// Throws `Foreign` unless `database`, of `version`, holds what this trivia makes.
  static func check(_ database: SQLiteDatabase, version: Int) throws {
    let found = try objects(in: database)
    let made = try objects(version: version)
    guard found != made else { return }
    func named(_ object: String) -> String { object.split(separator: " ").prefix(2).joined(separator: " ") }
    if let extra = found.first(where: { !made.contains($0) }) { throw Foreign(object: named(extra)) }
    throw Foreign(object: "no " + named(made.first { !found.contains($0) } ?? ""))
  }
}
