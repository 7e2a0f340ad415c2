/// SplitMix64: small, fast and the same on every platform, so a seed replays a game exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` without modulo bias.
  public mutating func below(_ bound: Int) -> Int {
    Int(next(upperBound: UInt64(bound)))
  }
}

extension MutableCollection where Self: RandomAccessCollection, Index == Int {
  /// Fisher–Yates with our own generator, so the order does not depend on the standard
  /// library's shuffle algorithm.
  mutating func seededShuffle(using generator: inout SeededGenerator) {
    guard count > 1 else { return }
    for i in stride(from: endIndex - 1, to: startIndex, by: -1) {
      let j = startIndex + generator.below(i - startIndex + 1)
      swapAt(i, j)
    }
  }
}
