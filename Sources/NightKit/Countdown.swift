/// A question's time as the screen shows it: when it ends on some clock. A solo timed
/// question, the host and every player count down with this one type, each on its own clock
/// (a player's deadline is when the question arrived plus the time the host said it had).
public struct Countdown: Equatable, Sendable {
  public var deadline: Duration

  public init(deadline: Duration) {
    self.deadline = deadline
  }

  /// `limit` from `start`.
  public init(from start: Duration, limit: Duration) {
    deadline = start + limit
  }

  /// Milliseconds left at `now`, never below 0.
  public func msLeft(at now: Duration) -> Int {
    max(0, (deadline - now).wholeMilliseconds)
  }

  /// Whole seconds left, rounded up, as a prompt shows them; 0 once time is up.
  public func secondsLeft(at now: Duration) -> Int {
    let left = deadline - now
    guard left > .zero else { return 0 }
    let (seconds, fraction) = left.components
    return Int(seconds) + (fraction > 0 ? 1 : 0)
  }

  public func isUp(at now: Duration) -> Bool { now >= deadline }

  /// When the seconds shown next change (at the last second, the deadline); nil once up.
  public func nextTick(at now: Duration) -> Duration? {
    let left = secondsLeft(at: now)
    return left > 0 ? deadline - .seconds(left - 1) : nil
  }
}
