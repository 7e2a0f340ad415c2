#if Night
  /// A token bucket: a connection may send `burst` messages at once, then `perSecond` on average.
  /// Pure: the caller gives the time.
  struct MessageRate: Sendable {
    let perSecond: Double
    let burst: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(perSecond: Double, burst: Int, now: ContinuousClock.Instant) {
      self.perSecond = perSecond
      self.burst = Double(burst)
      self.tokens = Double(burst)
      self.last = now
    }

    /// True when a message arriving at `now` is within the rate (and counts it).
    mutating func allow(at now: ContinuousClock.Instant) -> Bool {
      let (seconds, attoseconds) = (now - last).components
      tokens = min(burst, tokens + (Double(seconds) + Double(attoseconds) / 1e18) * perSecond)
      last = now
      guard tokens >= 1 else { return false }
      tokens -= 1
      return true
    }
  }
#endif
