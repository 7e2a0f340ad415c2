import FoundationEssentials
import NightKit
import NightRelay

/// A whole night in one process, in virtual time, chosen by a seed: the product's room
/// (`NightRoom`, saved and resumed through its own `Saved` JSON) and each player's
/// `NightState`, joined by models of what lies between them that promise no more than the
/// real parts do. TCP: in order within a connection, any delay, a drop loses what was unread.
/// PostgreSQL: a row is numbered when inserted and seen when its statement commits, two edges'
/// commits in either order; its NOTIFY reaches only a listener connected then, and the room's
/// link decides by the product's `QueueNotices` whether to take; rows survive a restart of any
/// process, and what a process holds in memory dies with it. Faults are drawn per seed
/// (`FaultPlan`): an edge killed, the room killed and resumed, PostgreSQL paused, a player's
/// network helper killed, a socket that stops reading, a player that leaves and comes back.
/// After every step the rules in `Ledger` are checked; the first broken one ends the night.
public final class Simulation {
  /// A message between parts, as the scheduler delivers it.
  enum Event {
    /// A player dials the night (through the balancer, over edges).
    case dial(player: Int)
    /// A terminal player's helper may dial again.
    case lineTick(player: Int)
    /// A player's text reaches its server.
    case upstream(edge: Int, connection: ConnectionID, text: String)
    /// The server sees a player's connection close.
    case hangUp(edge: Int, connection: ConnectionID)
    /// An edge sends what it heard in the last batch.
    case batch(edge: Int)
    /// The room takes what waits for it in PostgreSQL (or on its pipe).
    case roomTakes(life: Int)
    /// An edge's statement commits: its row, numbered when inserted, is seen from now.
    case commit(edge: Int, row: Row)
    /// The NOTIFY of the room's row numbered `row` reaches the room's listener.
    case roomNotified(life: Int, row: Int64)
    /// An edge takes what the room sent it.
    case edgeTakes(edge: Int)
    /// A player is sent a message, and the connection closes after it if `close`.
    case downstream(player: Int, connection: ConnectionID, message: HostMessage?, close: Bool)
    /// A player answers the question on its screen.
    case answer(player: Int, question: Int, connection: ConnectionID)
    /// The room's next deadline.
    case tick(life: Int, generation: Int)
    case fault(Fault)
    case recover(Fault)
    /// The room's relay notices PostgreSQL down (and closes every connection it knows), or an
    /// edge dead (and closes that edge's).
    case roomNotices(life: Int, what: Notice)
    case edgeNoticesDown(edge: Int)
    case roomRestarts
  }

  /// The kinds of fault a night may draw.
  public enum Fault: String, CaseIterable, Sendable {
    case edgeKill = "edge"
    case roomRestart = "room"
    case postgresPause = "postgres"
    case helperKill = "helper"
    case stall
    case leave
  }

  enum Notice {
    case postgresDown, postgresUp
    case edgeGone(Int)
  }

  /// What crosses to the room: the product's relay frames (an edge's batch, or what `serve`
  /// writes to the pipe), and when they were queued, as a row of `trivia_frames` says how long
  /// it waited.
  struct Row {
    var frames: [UInt8]
    var queuedAt: Int
    /// Its number in `trivia_frames` (over edges), given when inserted, and when its statement
    /// committed: numbers and commits need not agree in order.
    var id: Int64 = 0
    var committedAt = 0
  }

  /// What crosses to an edge from the room.
  enum Command {
    /// The room's relay frames for this edge (on one host, what the game writes to `serve`).
    case frames([UInt8])
    /// A NOTIFY on the nights' channel: `CODE`, a room (re)started.
    case news(String)
  }

  struct Edge {
    var alive = true
    var connections: [ConnectionID: Int] = [:]
    var nextLocal: UInt64 = 1
    /// Which night it serves and what its players said since the last batch: the product's own.
    var line = EdgeLine(now: .zero)
    /// When its next tick is scheduled.
    var tickAt: Int?
    /// Batches its link could not write while PostgreSQL is down.
    var linkQueue: [Row] = []
    var inbox: [Command] = []
    var noticedDown = false
  }

  /// Rules broken on purpose, to show the checks are not blind: a seed must fail.
  public enum Sabotage: Sendable {
    /// An edge loses now and then a batch of what its players said, with no fault to explain it.
    case dropBatch
    /// The room passes over any NOTIFY numbered at or below the newest row it took, as
    /// `PostgresLink` did before `QueueNotices` (#35): a row committed late waits unread.
    case passOverNotices
  }

  // MARK: The night drawn from the seed

  let seed: UInt64
  let sabotage: Sabotage?
  let overEdges: Bool
  let questions: [NightQuestion]
  let limitMs: Int
  let startWhen: Int
  let pauseMs = 5_000
  let plan: FaultPlan
  var faultRandom: SimulationRandom
  var netRandom: SimulationRandom
  var playerRandom: SimulationRandom
  /// A restarted room's generator for tokens.
  var tokenRandom: SimulationRandom

  // MARK: The world

  var now = 0
  private var sequence = 0
  private var queue = MinHeap<Event>()
  /// When each channel last delivered: TCP and PostgreSQL keep order within one.
  private var channelClock: [String: Int] = [:]
  var steps = 0

  /// The host and its room: nil while its process is dead.
  var host: NightHost?
  /// The room's lives: each restart is a new one, and what was meant for an old one is lost.
  var life = 0
  var tickGeneration = 0
  /// The room as last saved in PostgreSQL, JSON as the product writes it, and a save its link
  /// could not write yet (PostgreSQL down): lost if the room dies first.
  var saved: Data?
  var unsaved: Data?
  /// The room's journal as PostgreSQL keeps it, and what its link could not write yet.
  var journal: [NightJournalEntry] = []
  var unjournaled: [NightJournalEntry] = []
  /// Each question the host kept, as PostgreSQL's table of answers has it (a row already
  /// there is not written again), and those its link could not write yet.
  var kept: [Int: NightRecord] = [:]
  var unkept: [NightRecord] = []
  /// The room's relay over edges: the product's own.
  var roomLine = RoomLine(now: .zero)
  /// Whether the room's link said PostgreSQL is lost (it says so once each way).
  var roomThinksDown = false
  /// Frames waiting for the room in PostgreSQL, committed (or on the pipe).
  var roomInbox: [Row] = []
  /// The last number given to a row of `trivia_frames`.
  var lastRowID: Int64 = 0
  /// Which NOTIFYs ask the room's link to take: the product's own, new with each life.
  var roomNotices = QueueNotices()
  /// The newest row the room took this life (what `passOverNotices` goes by).
  var newestTaken: Int64 = 0
  /// Since when the room's life and PostgreSQL have both been up: a row committed after it
  /// must be taken, for nothing lost its NOTIFY.
  var roomHearsSince = 0
  /// Rows an edge's link sent and PostgreSQL rolled back (it stopped first), sent again first.
  var rolledBack: [Int: Int] = [:]
  /// When a server heard each text of each connection: what the room's timing is checked by.
  var heardAt: [ConnectionID: [String: Int]] = [:]
  /// What the room's link could not write while PostgreSQL is down: lost if the room dies.
  var roomLink: [(edge: Int, command: Command)] = []
  var postgresUp = true
  var edges: [Edge] = []
  var players: [SimulatedPlayer] = []
  var ledger = Ledger()

  // MARK: What is reported

  var faults = FaultCounts()
  var violations: [String] = []
  private let keepTrace: Bool
  private var trace: [String] = []
  private var recent: [String] = []
  private var fingerprint: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The faults a night may draw: all of them unless told.
  let kinds: Set<Fault>

  public init(
    seed: UInt64, faults kinds: Set<Fault> = Set(Fault.allCases), sabotage: Sabotage? = nil, keepTrace: Bool = false
  ) {
    self.seed = seed
    self.kinds = kinds
    self.sabotage = sabotage
    self.keepTrace = keepTrace
    var random = SimulationRandom(seed: seed)
    var setup = random.split()
    faultRandom = random.split()
    netRandom = random.split()
    playerRandom = random.split()
    overEdges = setup.chance(0.6)
    plan = FaultPlan(over: overEdges, random: &setup)
    limitMs = setup.int(8...30) * 1_000
    questions = (1...setup.int(3...6)).map { number in
      let choices = setup.chance(0.2) ? ["True", "False"] : ["A\(number)", "B\(number)", "C\(number)", "D\(number)"]
      return NightQuestion(
        text: "Question \(number)?", choices: choices, correct: setup.int(0...(choices.count - 1)),
        category: "General", difficulty: nil)
    }
    let count = setup.int(2...10)
    startWhen = setup.int(1...count)
    for index in 0..<count {
      // Those past `startWhen` may come in late, during the night.
      let late = index >= startWhen && setup.chance(0.5)
      players.append(
        SimulatedPlayer(
          name: "P\(index + 1)", joinAt: late ? setup.int(5_000...(questions.count * limitMs)) : setup.int(0...2_000),
          terminal: setup.chance(0.5)))
    }
    edges = Array(repeating: Edge(), count: overEdges ? setup.int(2...3) : 1)
    let room = NightRoom(
      title: "Simulated", questions: questions, limit: .milliseconds(limitMs), maxPlayers: 100,
      generator: SimulationRandom(seed: setup.next()))
    host = NightHost(room: room, plan: .init(auto: true, startWhen: startWhen, persists: overEdges, scripted: false))
    tokenRandom = setup.split()
  }

  /// Plays the night to its end, or to the first broken rule.
  public func run() -> SimulationReport {
    say(
      "seed \(seed): \(players.count) players (\(startWhen) to start), \(questions.count) questions of "
        + "\(limitMs / 1_000) s, \(overEdges ? "\(edges.count) edges on PostgreSQL" : "one host")")
    for index in players.indices { schedule(.dial(player: index), at: players[index].joinAt) }
    for fault in Fault.allCases where kinds.contains(fault) { scheduleFault(fault) }
    if overEdges { for edge in edges.indices { edgeStep(edge, .up) } }
    let horizon = questions.count * (limitMs + 2 * pauseMs) + 600_000
    while violations.isEmpty, let (key, event) = queue.pop() {
      now = key.0
      guard now <= horizon else { break }
      steps += 1
      handle(event)
    }
    if violations.isEmpty { checkEnd() }
    return SimulationReport(
      seed: seed, faults: faults, violations: violations, fingerprint: fingerprint,
      trace: keepTrace ? trace : recent, elapsedMs: now, steps: steps, questions: ledger.revealed.count,
      answers: ledger.answersScored)
  }

  // MARK: Scheduling

  func schedule(_ event: Event, at time: Int) {
    sequence += 1
    queue.push(event, key: (max(time, now), sequence))
  }

  /// A message's delivery time on `channel`: a random delay, never before the channel's last.
  /// A player's network may be slow at times; PostgreSQL and the host's pipe are near (a
  /// paused PostgreSQL is a fault of its own).
  func deliver(on channel: String, extra: Int = 0) -> Int {
    let near = channel.hasPrefix("pipe") || channel.hasPrefix("room") || channel.hasPrefix("to room")
    var delay = netRandom.int(0...(near ? 20 : plan.latency))
    if !near, netRandom.chance(plan.slowChance) { delay += netRandom.int(200...2_000) }
    let at = max(now + delay + extra, channelClock[channel] ?? 0)
    channelClock[channel] = at
    return at
  }

  func say(_ line: String) {
    let stamped = "\(now) \(line)"
    for byte in stamped.utf8 {
      fingerprint = (fingerprint ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    fingerprint = (fingerprint ^ 10) &* 0x100_0000_01b3
    if keepTrace { trace.append(stamped) }
    recent.append(stamped)
    if recent.count > 40 { recent.removeFirst(recent.count - 40) }
  }

  func violated(_ rule: String) {
    guard violations.isEmpty else { return }
    violations.append(rule)
    say("VIOLATION: \(rule)")
  }

  // MARK: Events

  private func handle(_ event: Event) {
    switch event {
    case .dial(let player): dial(player)
    case .lineTick(let player): lineStep(player, .tick)
    case .upstream(let edge, let connection, let text): heard(text, from: connection, on: edge)
    case .hangUp(let edge, let connection): edgeLoses(connection, on: edge)
    case .batch(let edge): edgeTicks(edge)
    case .roomTakes(let life): roomTakes(life: life)
    case .commit(let edge, let row): commit(row, from: edge)
    case .roomNotified(let life, let row): roomNotified(row, life: life)
    case .edgeTakes(let edge): edgeTakes(edge)
    case .downstream(let player, let connection, let message, let close):
      playerGets(message, close: close, on: connection, player: player)
    case .answer(let player, let question, let connection): answer(player, question: question, on: connection)
    case .tick(let life, let generation):
      guard life == self.life, generation == tickGeneration else { return }
      hostStep(.tick, at: now)
    case .fault(let fault): inject(fault)
    case .recover(let fault): recover(fault)
    case .roomNotices(let life, let notice): roomNotices(notice, life: life)
    case .edgeNoticesDown(let edge): edgeNoticesDown(edge)
    case .roomRestarts: roomRestarts()
    }
  }
}
