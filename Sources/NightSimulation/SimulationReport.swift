/// What one seed's night came to: the faults it drew, the first rule it saw broken (if any),
/// and a fingerprint of its whole trace, so that two runs of a seed can be compared byte for
/// byte without keeping either.
public struct SimulationReport: Sendable {
  public var seed: UInt64
  public var faults: FaultCounts
  /// Each broken rule, in the order seen; the night stops at the first.
  public var violations: [String]
  /// FNV-1a over every line of the trace.
  public var fingerprint: UInt64
  /// The trace itself, when asked for; else its last lines, around a violation.
  public var trace: [String]
  /// Virtual milliseconds the night took, and the steps it was.
  public var elapsedMs: Int
  public var steps: Int
  /// Questions the room closed, and answers it scored.
  public var questions: Int
  public var answers: Int
}
