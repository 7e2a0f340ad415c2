#if Night
  import Testing
  import TriviaNight

  @Suite struct GuessLimiterTests {
    let start = ContinuousClock.now

    func rules() -> GuessLimiter.Rules {
      var rules = GuessLimiter.Rules()
      rules.free = 5
      rules.refuseAfter = 20
      rules.window = .seconds(60)
      rules.delay = .seconds(1)
      rules.refusal = .seconds(300)
      return rules
    }

    @Test func theFirstWrongGuessesAreAnsweredAtOnceThenEachWaitsLonger() {
      var limiter = GuessLimiter(rules: rules())
      let delays = (0..<8).map { limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds($0)) }
      #expect(delays == [.zero, .zero, .zero, .zero, .zero, .seconds(1), .seconds(2), .seconds(3)])
      #expect(!limiter.isRefused("10.0.0.1", at: start + .seconds(8)))
    }

    @Test func anAddressIsRefusedAfterTwentyWrongGuessesForFiveMinutes() {
      var limiter = GuessLimiter(rules: rules())
      for second in 0..<19 { _ = limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(second)) }
      #expect(!limiter.isRefused("10.0.0.1", at: start + .seconds(19)))
      _ = limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(19))
      #expect(limiter.isRefused("10.0.0.1", at: start + .seconds(20)))
      #expect(limiter.isRefused("10.0.0.1", at: start + .seconds(19 + 299)))
      #expect(!limiter.isRefused("10.0.0.1", at: start + .seconds(19 + 300)))
    }

    @Test func guessesOlderThanTheWindowNoLongerCount() {
      var limiter = GuessLimiter(rules: rules())
      for second in 0..<5 { _ = limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(second)) }
      #expect(limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(10)) == .seconds(1))
      // A minute after the first five, only the sixth is still within the window.
      #expect(limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(65)) == .zero)
    }

    @Test func addressesAreCountedApart() {
      var limiter = GuessLimiter(rules: rules())
      for second in 0..<20 { _ = limiter.wrongGuess(from: "10.0.0.1", at: start + .seconds(second)) }
      #expect(limiter.isRefused("10.0.0.1", at: start + .seconds(21)))
      #expect(!limiter.isRefused("10.0.0.2", at: start + .seconds(21)))
      #expect(limiter.wrongGuess(from: "10.0.0.2", at: start + .seconds(21)) == .zero)
    }
  }
#endif
