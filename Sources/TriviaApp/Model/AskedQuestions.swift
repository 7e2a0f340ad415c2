/// What dealing needs to know of the questions asked before, without reading them all: a
/// round of ten from a bank of 47,175 asks after a few dozen, and reads every one only when
/// few new ones are left.
public struct AskedQuestions {
  /// When question `id` was last asked (a number that grows with time), or nil if never.
  public var lastAsked: (Int64) -> Int64?
  /// Every question asked, with when it was last asked.
  public var all: () -> [Int64: Int64]
  /// The id of each question of the bank dealt from, in order, where they are made already;
  /// nil has the deal make those it needs.
  public var questionIDs: [Int64]?

  public init(
    lastAsked: @escaping (Int64) -> Int64?, all: @escaping () -> [Int64: Int64], questionIDs: [Int64]? = nil
  ) {
    self.lastAsked = lastAsked
    self.all = all
    self.questionIDs = questionIDs
  }

  /// The questions of `all`, looked up in it.
  public init(_ all: [Int64: Int64], questionIDs: [Int64]? = nil) {
    self.init(lastAsked: { all[$0] }, all: { all }, questionIDs: questionIDs)
  }
}
