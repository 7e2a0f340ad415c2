/// The host's authority over a night: every rule, as a state machine the caller drives with
/// what happened (a join, a message, a drop, the host's command, time passing) and the time
/// it happened on the host's clock. It answers with what to send, so it runs the same in a
/// test as behind a socket, and is fast enough for thousands of players: an answer costs
/// O(1), the standings are sorted once per question.
public struct NightRoom: Sendable {
  /// How long a dropped player's place counts against the night's size. Its name, score and
  /// token stay for the whole night: the token brings the player back at any time.
  public static let grace = Duration.seconds(60)
  /// The lobby tells everyone who is in at most this often, however fast players join.
  public static let lobbyInterval = Duration.seconds(1)
  /// The rows everyone sees in the standings.
  public static let rowsShown = 10
  /// Big screens a night takes at once: each is sent the stage more often than a player.
  public static let screensMax = 8
  /// A big screen is told how many have answered at most this often.
  public static let screenInterval = Duration.milliseconds(250)

  public let title: String
  public let limit: Duration
  public let maxPlayers: Int
  /// The questions show on the big screens alone; players pick an answer by its shape.
  public let onScreen: Bool
  /// What a big screen must say to take a slot (`NightScreenKey`): it is in the host's Screen
  /// address, not in the players'.
  public let screenKey: NightScreenKey
  public internal(set) var phase = NightPhase.lobby

  let questions: [NightQuestion]
  let limitMs: Int
  var generator: any RandomNumberGenerator & Sendable

  /// In join order; a seat's index is its join rank, the standings' last key.
  var seats: [NightSeat] = []
  var seatByConnection: [ConnectionID: Int] = [:]
  /// By the `TokenHash` of each seat's token.
  var seatByHash: [String: Int] = [:]
  var seatByKey: [String: Int] = [:]
  /// Seats in standings order, sorted at each reveal; a seat joining later goes last.
  var order: [Int] = []
  /// Seats connected, or within their grace: what `maxPlayers` counts.
  var holding = 0
  var connected = 0
  /// Drops in the order they happened, so the next grace to expire is the first still valid.
  var drops: [(seat: Int, at: Duration)] = []
  var dropsHead = 0
  /// No grace runs out: PostgreSQL is away, and no player away can come back until it is.
  var gracesHeld = false
  var lastLobby: Duration?
  var lobbyDue: Duration?
  /// The big screens' connections, in the order they came: they have no seat, are not
  /// counted, and cannot answer.
  var watchers: [ConnectionID] = []
  /// When the screens were last sent the stage, and when they are due it again (an answer
  /// came in since).
  var lastScreen: Duration?
  var screenDue: Duration?

  /// The current question's index in `questions`; its number is one more.
  var index = -1
  /// Counts the questions asked, so an answer of an earlier one is never taken for this one.
  var round = 0
  var questionStart = Duration.zero
  var counts: [Int] = []
  var answered = 0
  /// Players holding a place (connected, or away within their grace) that have not answered
  /// the current question: at 0 it closes before its deadline. One the room cannot hear (its
  /// edge died, PostgreSQL is away) is waited for as one that can.
  var waitingOn = 0
  var fastest: (seat: Int, ms: Int)?
  /// Questions closed and scored (skipped ones are not).
  var played = 0
  /// Each of them, as revealed: the night's record.
  var closed: [Closed] = []
  /// The last journal entry made (`NightJournalEntry`), and those the host has not taken yet.
  var journaled = 0
  var journal: [NightJournalEntry] = []
  /// Why the host ended the night, and the table as it stood then.
  var endedReason: String?
  public internal(set) var endedTable: NightStandings?

  /// `generator` makes the players' tokens: the system's in a real night.
  public init(
    title: String, questions: [NightQuestion], limit: Duration, maxPlayers: Int, onScreen: Bool = false,
    screenKey: NightScreenKey = .random(), generator: some RandomNumberGenerator & Sendable
  ) {
    precondition(questions.allSatisfy { $0.choices.indices.contains($0.correct) }, "a right choice out of range")
    precondition(limit > .zero && maxPlayers > 0)
    self.title = title
    self.questions = questions
    self.limit = limit
    self.limitMs = limit.wholeMilliseconds
    self.maxPlayers = maxPlayers
    self.onScreen = onScreen
    self.screenKey = screenKey
    self.generator = generator
  }

  /// The current question's time, on the host's clock: from its start, its limit.
  public var countdown: Countdown { Countdown(from: questionStart, limit: .milliseconds(questionLimitMs)) }

  /// The time of the question at `index`: its own, else the night's.
  func limitMs(of index: Int) -> Int {
    questions[index].seconds.map { $0 * 1000 } ?? limitMs
  }

  /// The time of the current question (the night's before the first).
  var questionLimitMs: Int { index >= 0 ? limitMs(of: index) : limitMs }

  /// The time every question played so far had: what a player who joins now is counted as
  /// having taken (a room saved before the record kept its questions counts the night's).
  var playedMs: Int {
    closed.reduce(0) { $0 + limitMs(of: $1.index) } + max(played - closed.count, 0) * limitMs
  }

  /// When `tick` must next be called: the question's deadline, a grace's end or a lobby
  /// update, whichever comes first; nil when nothing waits on time.
  public var nextDeadline: Duration? {
    guard phase != .ended else { return nil }
    var next: Duration? = nil
    if case .question = phase { next = countdown.deadline }
    if !gracesHeld, dropsHead < drops.count {
      let expiry = drops[dropsHead].at + Self.grace
      next = min(next ?? expiry, expiry)
    }
    if let lobbyDue { next = min(next ?? lobbyDue, lobbyDue) }
    if let screenDue { next = min(next ?? screenDue, screenDue) }
    return next
  }

  /// Time passed: graces expire, the lobby update goes out, a question whose deadline passed
  /// (or that everyone answered) closes.
  public mutating func tick(now: Duration) -> [NightOutput] {
    guard phase != .ended else { return [] }
    var outputs: [NightOutput] = []
    while !gracesHeld, dropsHead < drops.count, drops[dropsHead].at + Self.grace <= now {
      let (seat, at) = drops[dropsHead]
      dropsHead += 1
      if seats[seat].status == .playing, seats[seat].connection == nil, seats[seat].leftAt == at {
        giveUp(seat, into: &outputs)
      }
    }
    if dropsHead > 1024, dropsHead * 2 > drops.count {
      drops.removeFirst(dropsHead)
      dropsHead = 0
    }
    if let lobbyDue, lobbyDue <= now { broadcastLobby(now: now, into: &outputs) }
    if let screenDue, screenDue <= now { updateScreens(now: now, into: &outputs) }
    if case .question = phase, countdown.isUp(at: now) || everyoneAnswered {
      closeQuestion(into: &outputs)
    }
    return outputs
  }

  /// A seat away past its grace no longer counts against the night's size (its token still
  /// brings it back); before the night starts, it leaves the night altogether (it has no score
  /// to keep, and its name is free again).
  private mutating func giveUp(_ seat: Int, into outputs: inout [NightOutput]) {
    if isWaitedFor(seat) { waitingOn -= 1 }
    holding -= 1
    if phase == .lobby {
      remove(seat)
      lobbyChanged(now: nil, into: &outputs)
    } else {
      seats[seat].status = .gone
    }
    outputs.append(.host(.gone(seats[seat].name)))
  }

  /// Takes a seat out of the night: its name is free again and its row leaves the standings.
  mutating func remove(_ seat: Int) {
    seats[seat].status = .removed
    seatByKey[seats[seat].key] = nil
    seatByHash[seats[seat].tokenHash] = nil
    if let position = order.firstIndex(of: seat) {
      order.remove(at: position)
      for later in order[position...] { seats[later].place -= 1 }
    }
  }

  var everyoneAnswered: Bool { waitingOn == 0 && holding > 0 }

  /// Every connection, in join order so that outputs are the same from run to run.
  var connections: [ConnectionID] { seats.compactMap(\.connection) }

  /// The newest names still in, oldest first.
  var newestNames: [String] {
    var names: [String] = []
    for seat in seats.reversed() where seat.status != .removed {
      names.append(seat.name)
      if names.count == NightStage.namesShown { break }
    }
    return names.reversed()
  }

  /// The lobby's list changed: it goes out now, or at `lobbyDue` if it went out less than a
  /// `lobbyInterval` ago (`now` nil: from inside `tick`, which sends what is due after).
  mutating func lobbyChanged(now: Duration?, into outputs: inout [NightOutput]) {
    guard phase == .lobby else { return }
    let due = lastLobby.map { $0 + Self.lobbyInterval } ?? .zero
    if let now, now >= due {
      broadcastLobby(now: now, into: &outputs)
    } else {
      lobbyDue = max(due, lobbyDue ?? due)
    }
  }

  /// Sends the lobby's list now if an update waits for `lobbyInterval` to pass: where time
  /// does not pass by itself (a scripted host's), a batch of joins is the interval.
  public mutating func flushLobby(now: Duration) -> [NightOutput] {
    guard lobbyDue != nil else { return [] }
    var outputs: [NightOutput] = []
    broadcastLobby(now: now, into: &outputs)
    return outputs
  }

  private mutating func broadcastLobby(now: Duration, into outputs: inout [NightOutput]) {
    lastLobby = now
    lobbyDue = nil
    guard phase == .lobby else { return }
    broadcast(now: now, into: &outputs)
  }

  /// The stage to every player, and to the screens with what only they show: one message for
  /// all when the two are the same.
  mutating func broadcast(now: Duration, into outputs: inout [NightOutput]) {
    let stage = stage(now: now)
    let screen = screenStage(now: now)
    lastScreen = now
    screenDue = nil
    guard !watchers.isEmpty, screen != stage else {
      outputs.append(.send(.stage(stage), to: connections + watchers))
      return
    }
    outputs.append(.send(.stage(stage), to: connections))
    outputs.append(.send(.stage(screen), to: watchers))
  }

  /// An answer came in: the screens' count goes out now, or at `screenDue` if it went out less
  /// than a `screenInterval` ago.
  mutating func screensChanged(now: Duration, into outputs: inout [NightOutput]) {
    guard !watchers.isEmpty, case .question = phase else { return }
    let due = lastScreen.map { $0 + Self.screenInterval } ?? .zero
    if now >= due {
      updateScreens(now: now, into: &outputs)
    } else {
      screenDue = max(due, screenDue ?? due)
    }
  }

  /// Where time does not pass by itself (a scripted host's), a batch of answers is the
  /// interval: the screens' count goes out now if it waits.
  public mutating func flushScreens(now: Duration) -> [NightOutput] {
    guard screenDue != nil else { return [] }
    var outputs: [NightOutput] = []
    updateScreens(now: now, into: &outputs)
    return outputs
  }

  private mutating func updateScreens(now: Duration, into outputs: inout [NightOutput]) {
    lastScreen = now
    screenDue = nil
    guard !watchers.isEmpty, case .question = phase else { return }
    outputs.append(.send(.stage(screenStage(now: now)), to: watchers))
  }
}
