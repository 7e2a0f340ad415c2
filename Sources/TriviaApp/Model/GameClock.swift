/// The game's time: the machine's, or under a script a virtual one that moves only on
/// `wait N`, so a scripted question times out at the same line every run, without sleeping.
@MainActor
public final class GameClock {
  private let start = ContinuousClock.now
  private var waited: Duration = .zero
  public let isVirtual: Bool

  public init(virtual: Bool) {
    isVirtual = virtual
  }

  /// Time since the game began.
  public var now: Duration { isVirtual ? waited : ContinuousClock.now - start }

  /// Moves a virtual clock on; a real one moves by itself.
  public func wait(_ duration: Duration) {
    if isVirtual { waited += duration }
  }

  /// The machine's instant for `time` on this clock, to wake a poll at.
  public func instant(at time: Duration) -> ContinuousClock.Instant { start + time }
}
