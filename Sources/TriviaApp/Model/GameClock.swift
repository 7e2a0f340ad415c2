/// The game's time: the machine's, or under a script a virtual one that moves only on
/// `wait N`, so a scripted question times out at the same line every run, without sleeping.
///
/// It stops while the game asks the player something or waits on a load: a question's
/// countdown goes on afterwards with the seconds it had left.
@MainActor
public final class GameClock {
  private let start = ContinuousClock.now
  private var waited: Duration = .zero
  /// Time the clock stood still, and since when it stands now (nested stops count once).
  private var stopped: Duration = .zero
  private var stoppedAt: ContinuousClock.Instant?
  private var stops = 0
  public let isVirtual: Bool

  public init(virtual: Bool) {
    isVirtual = virtual
  }

  /// Time since the game began, less the time the clock stood still.
  public var now: Duration { isVirtual ? waited : (stoppedAt ?? ContinuousClock.now) - start - stopped }

  /// Moves a virtual clock on; a real one moves by itself.
  public func wait(_ duration: Duration) {
    if isVirtual { waited += duration }
  }

  /// Stands still until as many `go()` as `stop()` were called.
  public func stop() {
    stops += 1
    if stops == 1 { stoppedAt = ContinuousClock.now }
  }

  public func go() {
    guard stops > 0 else { return }
    stops -= 1
    if stops == 0, let stoppedAt {
      stopped += ContinuousClock.now - stoppedAt
      self.stoppedAt = nil
    }
  }

  /// Runs `body` with the clock standing still.
  public func standingStill<T>(_ body: () -> T) -> T {
    stop()
    defer { go() }
    return body()
  }

  /// The machine's instant for `time` on this clock, to wake a poll at.
  public func instant(at time: Duration) -> ContinuousClock.Instant { start + stopped + time }
}
