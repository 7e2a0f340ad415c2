import CSQLite
import Glibc
import Synchronization
import SystemThreads
import TriviaData

/// `PRAGMA quick_check` of a history file, run on a thread and a connection of its own while
/// the game goes on: it reads every page, some 40 ms for 100,000 answers, which the first
/// `stats` or `play` must not wait for. It reads a snapshot (WAL), so the game's writes meanwhile
/// neither wait for it nor confuse it.
///
/// It begins a moment after it is started (`delay`), once the game has shown what the player
/// asked for: on two cores, one of them perhaps the other's hyperthread, reading 18 MiB beside
/// the game slows the game's own work by as much as it overlaps it. Waiting for the outcome
/// begins it at once.
final class IntegrityCheck: Sendable {
  enum Outcome: Equatable, Sendable {
    case whole
    /// What SQLite found wrong, first.
    case damaged(String)
    /// Stopped before the end, or the file could not be read for another reason (busy,
    /// gone): nothing is known.
    case unknown
  }

  static let delay: Duration = .milliseconds(100)

  private struct State {
    /// The checking connection while it runs, for `stop` to interrupt.
    var connection: Connection?
    var outcome: Outcome?
    var stopped = false
  }

  /// A connection handed between threads under the lock: only `sqlite3_interrupt` is called
  /// on it from another thread, which SQLite allows.
  private struct Connection: @unchecked Sendable {
    let handle: OpaquePointer
  }

  /// Posted to begin the check before its delay is over, or to stop it before it begins.
  private struct Signal: @unchecked Sendable {
    let semaphore: UnsafeMutablePointer<sem_t>
  }

  private let path: String
  private let state = Mutex(State())
  private let thread: Mutex<pthread_t?> = Mutex(nil)
  private let begin: Signal

  /// Starts checking `path`.
  init(path: String) {
    self.path = path
    begin = Signal(semaphore: .allocate(capacity: 1))
    sem_init(begin.semaphore, 0, 0)
    if let thread = SystemThread.start({ self.run() }) {
      self.thread.withLock { $0 = thread }
    } else {
      // No thread to be had: nothing is checked this game.
      state.withLock { $0.outcome = .unknown }
    }
  }

  deinit {
    sem_destroy(begin.semaphore)
    begin.semaphore.deallocate()
  }

  /// The outcome once the check has ended; nil while it runs.
  var outcome: Outcome? {
    guard let outcome = state.withLock({ $0.outcome }) else { return nil }
    join()
    return outcome
  }

  /// Waits for the check to end.
  func wait() -> Outcome {
    sem_post(begin.semaphore)
    join()
    return state.withLock { $0.outcome } ?? .unknown
  }

  /// Interrupts the check and waits for its thread (a moment: SQLite stops between pages).
  /// A check not yet begun sees it is stopped and does not begin. An interrupt that comes as
  /// the check's statement begins is forgotten by SQLite, so it is repeated while the
  /// check's connection is open.
  func stop() {
    state.withLock { $0.stopped = true }
    sem_post(begin.semaphore)
    while state.withLock({ state in
      guard let connection = state.connection else { return false }
      sqlite3_interrupt(connection.handle)
      return true
    }) {
      usleep(100)
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
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let (seconds, attoseconds) = Self.delay.components
    deadline.tv_nsec += Int(attoseconds / 1_000_000_000)
    deadline.tv_sec += Int(seconds) + deadline.tv_nsec / 1_000_000_000
    deadline.tv_nsec %= 1_000_000_000
    while sem_timedwait(begin.semaphore, &deadline) != 0, errno == EINTR {}
    guard !state.withLock({ $0.stopped }) else { return .unknown }

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
