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
      question_id TEXT NOT NULL,
      question TEXT NOT NULL,
      category TEXT NOT NULL,
      difficulty TEXT,
      chosen TEXT NOT NULL,
      correct_answer TEXT NOT NULL,
      is_right INTEGER NOT NULL CHECK (is_right IN (0, 1)),
      seconds REAL NOT NULL
    );
    CREATE INDEX answers_by_question ON answers(question_id);
    CREATE INDEX answers_by_round ON answers(round_id);
    """
  ]

  static var version: Int { migrations.count }
}
