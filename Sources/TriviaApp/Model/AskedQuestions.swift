/// What dealing needs to know of the questions asked before, without reading them all: a
/// round of ten from a bank of 47,175 asks after a few dozen, and reads every one only when
/// few new ones are left.
public struct AskedQuestions {
  /// When question `id` was last asked (a number that grows with time), or nil if never.
  public var lastAsked: (Int64) -> Int64?
  /// Every question asked, with when it was last asked.
  public var all: () -> [Int64: Int64]

  public init(lastAsked: @escaping (Int64) -> Int64?, all: @escaping () -> [Int64: Int64]) {
    self.lastAsked = lastAsked
    self.all = all
  }

  /// The questions of `all`, looked up in it.
  public init(_ all: [Int64: Int64]) {
    self.init(lastAsked: { all[$0] }, all: { all })
  }
}
