/// SplitMix64: every choice a simulated night makes comes from one of these, seeded from the
/// night's seed and split per part, so that a seed replays exactly and a change in how often
/// one part draws does not reshuffle the others.
struct SimulationRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A generator of its own for one part, drawn from this one.
  mutating func split() -> SimulationRandom {
    SimulationRandom(seed: next())
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  mutating func chance(_ probability: Double) -> Bool {
    probability > 0 && Double.random(in: 0..<1, using: &self) < probability
  }
}
