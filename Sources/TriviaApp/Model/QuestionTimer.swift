import NightKit

/// When the question on screen appeared, and for a timed one its countdown (the same
/// `Countdown` a night's host and players use): the time an answer took, the seconds the
/// prompt counts down, and when the game must next wake.
@MainActor
final class QuestionTimer {
  private let clock: GameClock
  private var shownAt: Duration = .zero
  /// Nil when the question is not timed, or no longer counts down.
  private var countdown: Countdown?

  init(clock: GameClock) {
    self.clock = clock
  }

  /// A question appears, with `limit` seconds or none.
  func start(limit: Int?) {
    shownAt = clock.now
    countdown = limit.map { Countdown(from: shownAt, limit: .seconds($0)) }
  }

  /// The question was answered, or left: nothing more to count down.
  func stop() {
    countdown = nil
  }

  var secondsTaken: Double {
    let elapsed = clock.now - shownAt
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Whole seconds left, rounded up, as the prompt shows them; 0 once time is up.
  var secondsLeft: Int? { countdown?.secondsLeft(at: clock.now) }

  var isUp: Bool { secondsLeft == 0 }

  /// When the shown count next changes, which at the last second is the deadline; once time
  /// is up, the deadline itself, so the game wakes to end the question.
  var nextWake: Duration? {
    guard let countdown else { return nil }
    return countdown.nextTick(at: clock.now) ?? countdown.deadline
  }
}
