import CSQLite
import Glibc

/// A connection to one SQLite file through the system's libsqlite3: statements prepared,
/// bound and stepped, and every failure as a sentence naming the file.
final class SQLiteDatabase {
  struct Failure: Error, CustomStringConvertible {
    var code: Int32
    var description: String

    /// The file is damaged or is not a database at all, or holds a value or a schema object
    /// that trivia does not write.
    var isCorrupt: Bool { code == SQLITE_CORRUPT || code == SQLITE_NOTADB }
  }

  let path: String
  /// The file SQLite opened: `path` with its folder resolved (`resolvingFolder`).
  let file: String
  private let handle: OpaquePointer
  /// Statements prepared once and reset for each use: an answer is written many times a round.
  private var prepared: [String: OpaquePointer] = [:]

  /// What may cut a statement short; SQLite calls it back by its address.
  private let watch: StatementWatch

  /// `stopRequested` says whether the player has asked the game to stop (Ctrl-C, SIGTERM,
  /// SIGHUP): a statement running then is cut within 100 ms, as is one running past `budget`.
  init(
    path: String, readOnly: Bool = false, budget: Duration = .seconds(2),
    stopRequested: @escaping () -> Bool = { false }
  ) throws(Failure) {
    self.path = path
    file = Self.resolvingFolder(of: path)
    watch = StatementWatch(budget: budget, stopRequested: stopRequested)
    var handle: OpaquePointer?
    // A symbolic link in the file's place is refused, not followed (SQLite's O_NOFOLLOW).
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
      | SQLITE_OPEN_NOFOLLOW
    let code = sqlite3_open_v2(file, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_close(handle)
      throw Failure(code: code, description: "\(path): \(message)")
    }
    self.handle = handle
    // A file from elsewhere may hold views and triggers meant to harm: they may call no
    // function with side effects, and no SQL may corrupt the file on purpose.
    trivia_sqlite3_defend(handle)
    let context = Unmanaged.passUnretained(watch).toOpaque()
    sqlite3_progress_handler(
      handle, StatementWatch.steps,
      { context in
        guard let context else { return 0 }
        return Unmanaged<StatementWatch>.fromOpaque(context).takeUnretainedValue().cutsShort() ? 1 : 0
      }, context)
    sqlite3_busy_handler(
      handle,
      { context, attempt in
        guard let context else { return 0 }
        return Unmanaged<StatementWatch>.fromOpaque(context).takeUnretainedValue().waitsForLock(attempt: attempt)
          ? 1 : 0
      }, context)
  }

  /// `path` with its folder resolved once (`realpath`), its last part as it is:
  /// `SQLITE_OPEN_NOFOLLOW` refuses a symbolic link anywhere in the path it is given, and a
  /// state folder that is a link (common on managed homes) would turn the history off. The
  /// file itself is still never followed. `path` as it is when its folder does not exist.
  static func resolvingFolder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
    guard let resolved = realpath(String(path[..<slash]), nil) else { return path }
    defer { free(resolved) }
    let folder = String(cString: resolved)
    return (folder == "/" ? "" : folder) + String(path[slash...])
  }

  deinit {
    for statement in prepared.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// Runs statements that return nothing.
  func execute(_ sql: String) throws(Failure) {
    watch.begin()
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw failure(code) }
  }

  /// A statement's one number (`PRAGMA user_version`), read without keeping it prepared.
  func execute(returning sql: String) throws(Failure) -> Int {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code) }
    defer { sqlite3_finalize(statement) }
    watch.begin()
    guard sqlite3_step(statement) == SQLITE_ROW else { throw failure(sqlite3_errcode(handle)) }
    return Int(sqlite3_column_int64(statement, 0))
  }

  /// Runs one statement with `values` bound to its `?`s, and returns its rows.
  @discardableResult
  func query(_ sql: String, _ values: [Value] = []) throws(Failure) -> [[Value]] {
    let statement = try self.statement(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }
    for (index, value) in values.enumerated() {
      let position = Int32(index + 1)
      switch value {
      case .null: sqlite3_bind_null(statement, position)
      case .integer(let number): sqlite3_bind_int64(statement, position, number)
      case .real(let number): sqlite3_bind_double(statement, position, number)
      case .text(let text): sqlite3_bind_text(statement, position, text, -1, Self.transient)
      }
    }
    var rows: [[Value]] = []
    watch.begin()
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return rows }
      guard code == SQLITE_ROW else { throw failure(code) }
      rows.append(
        (0..<sqlite3_column_count(statement)).map { column in
          switch sqlite3_column_type(statement, column) {
          case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
          case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
          case SQLITE_NULL: .null
          default: .text(String(cString: sqlite3_column_text(statement, column)))
          }
        })
    }
  }

  /// Hands each row of `sql` to `body` as it is stepped: for reads of thousands of rows,
  /// where making a `[Value]` a row would cost more than SQLite does.
  func forEachRow(_ sql: String, _ body: (Row) throws(Failure) -> Void) throws(Failure) {
    let statement = try self.statement(sql)
    defer { sqlite3_reset(statement) }
    watch.begin()
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { return }
      guard code == SQLITE_ROW else { throw failure(code) }
      try body(Row(statement: statement))
    }
  }

  /// The row a statement is on, read in place.
  struct Row {
    fileprivate let statement: OpaquePointer

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
  }

  /// Runs `body` as one transaction: all of it is kept, or none.
  func transaction<T>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    // Prepared once, as every answer is a transaction.
    try query("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try query("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  private func statement(_ sql: String) throws(Failure) -> OpaquePointer {
    if let statement = prepared[sql] { return statement }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard code == SQLITE_OK, let statement else { throw failure(code) }
    prepared[sql] = statement
    return statement
  }

  /// The id of the row the last insert made.
  var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Whether SQLite opened the file for reading only: its mode forbids writing, or a newer
  /// SQLite wrote it in a format this one only reads.
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// How many rows the last insert, update or delete changed.
  var changes: Int { Int(sqlite3_changes64(handle)) }

  /// Closing will leave the file and its write-ahead log as they are: for a damaged file,
  /// moved aside as it was found.
  func closeWithoutCheckpoint() {
    trivia_sqlite3_no_checkpoint_on_close(handle)
  }

  /// One value in or out of a statement.
  enum Value: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)

    var integer: Int64? {
      if case .integer(let number) = self { return number }
      return nil
    }

    var text: String? {
      if case .text(let text) = self { return text }
      return nil
    }

    /// A real or an integer as a `Double`: SQLite's `sum` and `avg` give either.
    var number: Double? {
      switch self {
      case .real(let number): number
      case .integer(let number): Double(number)
      default: nil
      }
    }
  }

  private func failure(_ code: Int32) -> Failure {
    if code == SQLITE_INTERRUPT || code == SQLITE_BUSY, let cut = watch.cut {
      return Failure(code: code, description: cut.sentence(path: path))
    }
    return Failure(code: code, description: "\(path): \(String(cString: sqlite3_errmsg(handle)))")
  }

  /// A value or an object in the file that trivia never writes: damage, as SQLite's own
  /// findings are.
  func damaged(_ what: String) -> Failure {
    Failure(code: SQLITE_CORRUPT, description: "\(path): \(what)")
  }

  /// SQLite copies bound text at once.
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
