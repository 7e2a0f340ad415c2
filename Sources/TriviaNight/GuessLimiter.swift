#if Night
  /// Counts wrong codes per address so that guessing a night's code is slow, then refused.
  /// Pure: the caller gives the time, so tests need no clock.
  public struct GuessLimiter: Sendable {
    public struct Rules: Sendable {
      /// Wrong guesses in `window` answered at once.
      public var free = 5
      /// Wrong guesses in `window` after which the address is refused for `refusal`.
      public var refuseAfter = 20
      public var window: Duration = .seconds(60)
      /// The delay before answering the first guess over `free`; each further one waits this much more.
      public var delay: Duration = .seconds(1)
      public var refusal: Duration = .seconds(300)

      public init() {}
    }

    public let rules: Rules
    private var wrong: [String: [ContinuousClock.Instant]] = [:]
    private var refusedUntil: [String: ContinuousClock.Instant] = [:]

    public init(rules: Rules = Rules()) { self.rules = rules }

    /// True while `address` is refused (answered 429 whatever it asks).
    public func isRefused(_ address: String, at now: ContinuousClock.Instant) -> Bool {
      refusedUntil[address].map { now < $0 } ?? false
    }

    /// Records a wrong guess and says how long to wait before answering it.
    public mutating func wrongGuess(from address: String, at now: ContinuousClock.Instant) -> Duration {
      forgetOld(at: now)
      var times = wrong[address, default: []].filter { now - $0 < rules.window }
      times.append(now)
      wrong[address] = times
      if times.count >= rules.refuseAfter {
        refusedUntil[address] = now + rules.refusal
        wrong[address] = nil
      }
      return rules.delay * max(0, times.count - rules.free)
    }

    /// Drops what no longer counts, so a scan of many addresses cannot grow the tables for ever.
    private mutating func forgetOld(at now: ContinuousClock.Instant) {
      guard wrong.count + refusedUntil.count > 1024 else { return }
      wrong = wrong.filter { _, times in times.contains { now - $0 < rules.window } }
      refusedUntil = refusedUntil.filter { now < $0.value }
    }
  }
#endif
