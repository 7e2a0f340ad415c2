import CSQLite
import Glibc
import Synchronization

/// `PRAGMA quick_check` of a history file, run on a thread and a connection of its own while
/// the game goes on: it reads every page, some 40 ms for 100,000 answers, which the first
/// `stats` or `play` must not wait for. It reads a snapshot (WAL), so the game's writes meanwhile
/// neither wait for it nor confuse it.
final class IntegrityCheck: Sendable {
  enum Outcome: Equatable, Sendable {
    case whole
    /// What SQLite found wrong, first.
    case damaged(String)
    /// Stopped before the end, or the file could not be read for another reason (busy,
    /// gone): nothing is known.
    case unknown
  }

  private struct State {
    /// The checking connection while it runs, for `stop` to interrupt.
    var connection: Connection?
    var outcome: Outcome?
    var stopped = false
    var joined = false
  }

  /// A connection handed between threads under the lock: only `sqlite3_interrupt` is called
  /// on it from another thread, which SQLite allows.
  private struct Connection: @unchecked Sendable {
    let handle: OpaquePointer
  }

  private let path: String
  private let state = Mutex(State())
  private let thread: Mutex<pthread_t?> = Mutex(nil)

  /// Starts checking `path`.
  init(path: String) {
    self.path = path
    let context = Unmanaged.passRetained(self).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        Unmanaged<IntegrityCheck>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    if created == 0 {
      self.thread.withLock { $0 = thread }
    } else {
      // No thread to be had: nothing is checked this game.
      Unmanaged<IntegrityCheck>.fromOpaque(context).release()
      state.withLock { $0.outcome = .unknown }
    }
  }

  /// The outcome once the check has ended; nil while it runs.
  var outcome: Outcome? {
    guard let outcome = state.withLock({ $0.outcome }) else { return nil }
    join()
    return outcome
  }

  /// Waits for the check to end.
  func wait() -> Outcome {
    join()
    return state.withLock { $0.outcome } ?? .unknown
  }

  /// Interrupts the check and waits for its thread (a moment: SQLite stops between pages).
  func stop() {
    state.withLock { state in
      state.stopped = true
      if let connection = state.connection { sqlite3_interrupt(connection.handle) }
    }
    join()
  }

  private func join() {
    let thread = self.thread.withLock { thread in
      defer { thread = nil }
      return thread
    }
    if let thread { pthread_join(thread, nil) }
  }

  /// On the check's thread.
  private func run() {
    let outcome = check()
    state.withLock { $0.outcome = outcome }
  }

  private func check() -> Outcome {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
    guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      return .unknown
    }
    defer {
      state.withLock { $0.connection = nil }
      sqlite3_close_v2(handle)
    }
    // A reader never checkpoints; and it must not fold anything into a file found damaged.
    trivia_sqlite3_no_checkpoint_on_close(handle)
    sqlite3_busy_timeout(handle, 5000)
    let started = state.withLock { state in
      if !state.stopped { state.connection = Connection(handle: handle) }
      return !state.stopped
    }
    guard started else { return .unknown }

    var statement: OpaquePointer?
    var code = sqlite3_prepare_v2(handle, "PRAGMA quick_check", -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    guard code == SQLITE_OK, let statement else { return Self.outcome(of: code, handle) }
    var first: String?
    while true {
      code = sqlite3_step(statement)
      guard code == SQLITE_ROW else { break }
      if first == nil { first = sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "" }
    }
    guard code == SQLITE_DONE else { return Self.outcome(of: code, handle) }
    guard let first, first != "ok" else { return .whole }
    return .damaged(first)
  }

  /// What a statement failing with `code` says about the file.
  private static func outcome(of code: Int32, _ handle: OpaquePointer) -> Outcome {
    let primary = code & 0xFF
    guard primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB else { return .unknown }
    return .damaged(String(cString: sqlite3_errmsg(handle)))
  }
}
