import Glibc

/// What cuts a statement on the history short, for SQLite's progress handler (called every
/// few thousand steps of a statement) and busy handler (called while another game holds
/// the file's lock). A history from elsewhere may hold a view or a trigger that never ends;
/// the game's own statements take milliseconds. So a statement is cut once it has run past
/// its budget, or once the player has asked the game to stop (Ctrl-C, SIGTERM, SIGHUP): the
/// game has caught those signals, so nothing else would end the statement.
///
/// A signal cuts only a statement that has run for `grace` already: one of the game's own,
/// done a moment later, is let finish, so that an answer being written when the player
/// quits is kept.
final class StatementWatch {
  /// Why a statement was cut.
  enum Cut {
    case budget(Duration)
    case signal
    case lock(Duration)

    /// What the player is told: history then stops for this game.
    func sentence(path: String) -> String {
      switch self {
      case .budget(let budget):
        "\(path) took more than \(budget.components.seconds) s to answer, and was left unread"
      case .signal: "reading \(path) was stopped, as asked"
      case .lock(let wait): "\(path) was kept locked by another program for more than \(wait.components.seconds) s"
      }
    }
  }

  /// SQLite's virtual-machine steps between calls of the progress handler: some tens of
  /// microseconds.
  static let steps: Int32 = 1000
  static let grace: Duration = .milliseconds(50)
  /// How long another game's lock is waited for: two games write at once, each briefly.
  static let lockWait: Duration = .seconds(5)

  let budget: Duration
  let stopRequested: () -> Bool
  /// When the statement running began, or last waited for a lock (the wait is the lock's,
  /// not the statement's).
  private var started = StatementWatch.now()
  private var waitStarted = StatementWatch.now()
  /// Why the last statement was cut, if it was.
  private(set) var cut: Cut?

  init(budget: Duration, stopRequested: @escaping () -> Bool) {
    self.budget = budget
    self.stopRequested = stopRequested
  }

  /// Before each statement.
  func begin() {
    started = Self.now()
    cut = nil
  }

  /// Whether the statement running is to be cut now.
  func cutsShort() -> Bool {
    if cut != nil { return true }
    let elapsed = Self.now() - started
    if elapsed >= Self.grace, stopRequested() {
      cut = .signal
    } else if elapsed >= budget {
      cut = .budget(budget)
    }
    return cut != nil
  }

  /// Whether to try again for a lock another connection holds, after a short sleep.
  func waitsForLock(attempt: Int32) -> Bool {
    let now = Self.now()
    if attempt == 0 { waitStarted = now }
    if stopRequested() {
      cut = .signal
      return false
    }
    guard now - waitStarted < Self.lockWait else {
      cut = .lock(Self.lockWait)
      return false
    }
    usleep(5_000)
    started = Self.now()
    return true
  }

  private static func now() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }
}
