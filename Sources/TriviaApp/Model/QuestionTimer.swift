/// When the question on screen appeared, and for a timed one how long it has left: the time
/// an answer took, the seconds the prompt counts down, and when the game must next wake.
@MainActor
final class QuestionTimer {
  private let clock: GameClock
  private var shownAt: Duration = .zero
  /// Seconds the question may take; nil when it is not timed, or no longer counts down.
  private var limit: Int?

  init(clock: GameClock) {
    self.clock = clock
  }

  /// A question appears.
  func start(limit: Int?) {
    shownAt = clock.now
    self.limit = limit
  }

  /// The question was answered, or left: nothing more to count down.
  func stop() {
    limit = nil
  }

  var secondsTaken: Double {
    let elapsed = clock.now - shownAt
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private var deadline: Duration? { limit.map { shownAt + .seconds($0) } }

  /// Whole seconds left, rounded up, as the prompt shows them; 0 once time is up.
  var secondsLeft: Int? {
    guard let deadline else { return nil }
    let left = deadline - clock.now
    guard left > .zero else { return 0 }
    let (seconds, fraction) = left.components
    return Int(seconds) + (fraction > 0 ? 1 : 0)
  }

  var isUp: Bool { secondsLeft == 0 }

  /// When the shown count next changes, which at the last second is the deadline.
  var nextWake: Duration? {
    guard let deadline, let left = secondsLeft, left > 0 else { return deadline }
    return deadline - .seconds(left - 1)
  }
}
