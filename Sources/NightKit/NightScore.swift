/// How a night scores, in one place so README, host and tests say the same.
///
/// A right answer scores `500 + round(500 × msLeft / limitMs)`: 1000 at once, 500 at the last
/// moment; a wrong answer or none scores 0. Ties in the standings go to the smaller total
/// answer time (the milliseconds taken over right *and* wrong answers, an unanswered question
/// counting its whole limit), then to whoever joined first.
public enum NightScore {
  /// Points for a right answer given with `msLeft` of `limitMs` left (clamped to the limit).
  public static func points(msLeft: Int, limitMs: Int) -> Int {
    guard limitMs > 0 else { return 1000 }
    let left = min(max(msLeft, 0), limitMs)
    // Rounds half up in integers, so every platform agrees on the last point.
    return 500 + (1000 * left + limitMs) / (2 * limitMs)
  }
}

extension Duration {
  /// Whole milliseconds, rounded down: the unit of every time a night sends.
  var wholeMilliseconds: Int {
    let (seconds, attoseconds) = components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
