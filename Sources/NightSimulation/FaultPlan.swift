/// Which faults a seed turns on and how often (swarm testing): some nights kill edges often
/// and never pause PostgreSQL, others the reverse, so that the corners uniform low rates
/// never reach are reached by some seeds.
struct FaultPlan: Sendable {
  /// Mean milliseconds between faults of each kind; nil: never on this seed.
  var edgeKill: Int?
  var roomRestart: Int?
  var postgresPause: Int?
  var helperKill: Int?
  var stall: Int?
  var leave: Int?
  /// Most milliseconds a message between two parts may take, and the chance of a slow one.
  var latency: Int
  var slowChance: Double

  init(over edges: Bool, random: inout SimulationRandom) {
    func maybe(_ mean: ClosedRange<Int>) -> Int? {
      random.chance(0.5) ? random.int(mean) : nil
    }
    // A room or PostgreSQL fails only where there is a room apart from its players' servers.
    edgeKill = edges ? maybe(15_000...120_000) : nil
    roomRestart = edges ? maybe(20_000...150_000) : nil
    postgresPause = edges ? maybe(20_000...150_000) : nil
    helperKill = maybe(10_000...100_000)
    stall = maybe(10_000...100_000)
    leave = maybe(15_000...120_000)
    latency = random.int(1...60)
    slowChance = random.chance(0.3) ? Double(random.int(1...10)) / 100 : 0
  }
}

/// How many faults of each kind a night had.
public struct FaultCounts: Sendable, Equatable {
  public var edge = 0
  public var room = 0
  public var postgres = 0
  public var helper = 0
  public var stall = 0
  public var leave = 0

  public init() {}

  public var total: Int { edge + room + postgres + helper + stall + leave }

  public static func + (left: FaultCounts, right: FaultCounts) -> FaultCounts {
    var sum = left
    sum.edge += right.edge
    sum.room += right.room
    sum.postgres += right.postgres
    sum.helper += right.helper
    sum.stall += right.stall
    sum.leave += right.leave
    return sum
  }

  public var summary: String {
    "edge \(edge), room \(room), postgres \(postgres), helper \(helper), stall \(stall), leave \(leave)"
  }
}
