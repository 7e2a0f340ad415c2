import CSQLite
import Testing

/// The history file read and written with a connection of the test's own, as the sqlite3
/// shell would: what a person could see of it, not what `SQLiteHistory` says.
enum SQLiteShell {
  /// Runs `sql` (several statements at once); `create` makes the file if it is not there.
  static func execute(_ sql: String, in path: String, create: Bool = false) throws {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
    try #require(sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK)
    defer { sqlite3_close(handle) }
    var error: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &error)
    try #require(code == SQLITE_OK, "\(error.map { String(cString: $0) } ?? "") in \(sql)")
  }

  /// The rows of `sql`, each column as text (`NULL` for a null).
  static func rows(_ sql: String, in path: String) throws -> [[String]] {
    var handle: OpaquePointer?
    try #require(sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK)
    defer { sqlite3_close(handle) }
    var statement: OpaquePointer?
    try #require(sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK)
    defer { sqlite3_finalize(statement) }
    var rows: [[String]] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      rows.append(
        (0..<sqlite3_column_count(statement)).map { column in
          sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "NULL"
        })
    }
    return rows
  }
}
