/// The host's side of a night as a state machine without I/O: what reaches the host (a
/// player's frame, a dropped connection, PostgreSQL gone or back, a room resumed, time
/// passing, the host's own commands) goes in with the time, and what to do comes out as
/// `Effect`s: messages to send, the room to save, a question to keep, the screen to follow.
/// `trivia host` runs it behind its pipe and the simulation (`make simulate`) runs the same
/// code in virtual time, so every decision the host makes is one a seed can replay.
public struct NightHost: Sendable {
  /// How the host runs the night: fixed for the night.
  public struct Plan: Sendable {
    /// `--auto`: reveals and standings move on by themselves.
    public var auto: Bool
    /// `--start-when N`: the first question goes out once N are in.
    public var startWhen: Int?
    /// A night over several machines keeps its room in PostgreSQL.
    public var persists: Bool
    /// A scripted host's clock moves only on `wait`: what would wait for time happens now.
    public var scripted: Bool

    public init(auto: Bool, startWhen: Int?, persists: Bool, scripted: Bool) {
      self.auto = auto
      self.startWhen = startWhen
      self.persists = persists
      self.scripted = scripted
    }
  }

  public enum Event: Sendable {
    /// A frame from a connection; `heldMs`: how long the part that first heard it kept it.
    case heard(ConnectionID, String, heldMs: Int)
    case closed(ConnectionID)
    /// PostgreSQL cannot be reached, or is back.
    case unreachable
    case reachable
    /// A restarted host found its night in PostgreSQL within the grace, saved `savedAgo` ago,
    /// with the journal written since (`NightJournalEntry`).
    case resumed(
      NightRoom.Saved, savedAgo: Duration, journal: [NightJournalEntry], generator: any RandomNumberGenerator & Sendable
    )
    /// A batch of events was read: under a script, what waits for an interval goes out now.
    case batchEnded
    /// Time passed: call at `nextWake`.
    case tick
    case start
    /// On to the next screen, or past the question on screen.
    case next
    case skip
    case kick(String)
    case end
  }

  public enum Effect: Equatable, Sendable {
    /// A message to send, a connection to close, a notice for the host's screen.
    case output(NightOutput)
    /// Keep the room in PostgreSQL.
    case save(NightRoom.Saved)
    /// Keep these beside the save before any output that follows: what the room took since.
    case journal([NightJournalEntry])
    /// A question was revealed: its answers, for the history and PostgreSQL.
    case revealed(NightRecord)
    /// The host's screen follows the room, to this phase (one step of `--auto` may pass several).
    case show(NightPhase)
  }

  public private(set) var room: NightRoom
  public let plan: Plan
  /// A resumed room whose players have not come back yet: under a script its question does
  /// not close for want of anyone to answer it.
  var comingBack = false
  /// PostgreSQL cannot be reached: its players are cut off, and their question waits for them.
  /// The room keeps it, as it holds their graces meanwhile.
  var unreachable: Bool { room.gracesHeld }
  /// When `--auto` moves on by itself next.
  var autoAt: Duration?
  var lastSave: Duration?
  /// Who is in changed since the last save.
  var saveDue = false

  /// A room of thousands is saved at most this often while only who is in changes.
  public static let saveInterval = Duration.seconds(2)

  public init(room: NightRoom, plan: Plan) {
    self.room = room
    self.plan = plan
  }

  /// How long `--auto` shows a reveal and the standings; under a script, time does not pass.
  var pause: Duration { plan.scripted ? .zero : .seconds(5) }

  /// What `event` at `now` changes, and what to do about it, in order.
  public mutating func handle(_ event: Event, now: Duration) -> [Effect] {
    var effects: [Effect] = []
    switch event {
    case .heard(let connection, let text, let held):
      // Timed as its edge heard it: the edge says how long it kept it, and PostgreSQL how long
      // it waited on the way (an outage within the grace, at most).
      let at = now - .milliseconds(min(max(held, 0), NightRoom.grace.wholeMilliseconds))
      move(now: now, into: &effects) { room, _ in room.received(connection, text: text, now: at) }
    case .closed(let connection):
      move(now: now, into: &effects) { $0.disconnected(connection, now: $1) }
    case .unreachable:
      room.holdGraces()
    case .reachable:
      room.renewGraces(now: now)
      // As in a resumed room, till the first of them is back.
      if room.connectedCount == 0 { comingBack = true }
    case .resumed(let saved, let savedAgo, let journal, let generator):
      room = NightRoom(resuming: saved, now: now, savedAgo: savedAgo, journal: journal, generator: generator)
      comingBack = true
      // A reveal or standings resumed moves on by itself under `--auto`, as one just reached.
      autoAt = plan.auto && [NightPhase.reveal(0), .standings(0)].contains(room.phase.kind) ? now + pause : nil
      effects.append(.show(room.phase))
    case .batchEnded:
      if plan.scripted {
        move(now: now, into: &effects) { $0.flushLobby(now: $1) }
        move(now: now, into: &effects) { $0.flushScreens(now: $1) }
      }
    case .tick:
      move(now: now, into: &effects) { $0.tick(now: $1) }
      if saveDue { save(now: now, soon: true, into: &effects) }
      if let autoAt, now >= autoAt {
        self.autoAt = nil
        move(now: now, into: &effects) { $0.next(now: $1) }
      }
    case .start:
      move(now: now, into: &effects) { $0.start(now: $1) }
    case .next:
      move(now: now, into: &effects) { $0.next(now: $1) }
    case .skip:
      move(now: now, into: &effects) { $0.skip(now: $1) }
    case .kick(let name):
      move(now: now, into: &effects) { $0.kick(name: name, now: $1) }
    case .end:
      move(now: now, into: &effects) { $0.end(now: $1, reason: "The host ended the night.") }
    }
    return effects
  }

  /// The room's next deadline, `--auto`'s next move, a save that waits, or the countdown's next
  /// second, whichever is first.
  public func nextWake(now: Duration) -> Duration? {
    var wakes = [room.nextDeadline, autoAt, saveDue ? lastSave.map { $0 + Self.saveInterval } : nil].compactMap { $0 }
    if case .question = room.phase, let tick = room.countdown.nextTick(at: now) { wakes.append(tick) }
    return wakes.min()
  }

  /// The room as it is saved now, for a night that keeps it.
  public mutating func saveNow(now: Duration) -> [Effect] {
    var effects: [Effect] = []
    save(now: now, into: &effects)
    return effects
  }

  /// Every change of the room goes through here: what it decided goes out in order, and what
  /// follows from its phase (a save, `--auto`, the host's screen) is decided from it.
  private mutating func move(
    now: Duration, into effects: inout [Effect], _ step: (inout NightRoom, Duration) -> [NightOutput]
  ) {
    let before = room.phase
    let outputs = step(&room, now)
    let taken = room.takeJournal()
    if plan.persists, !taken.isEmpty { effects.append(.journal(taken)) }
    effects += outputs.map(Effect.output)
    if room.phase != before {
      save(now: now, into: &effects)
    } else if outputs.contains(where: \.changesWhoIsIn) {
      save(now: now, soon: true, into: &effects)
    }
    if room.phase == .lobby, let startWhen = plan.startWhen, room.playerCount >= startWhen, room.startRefusal == nil {
      return move(now: now, into: &effects) { $0.start(now: $1) }
    }
    // Under a script a question nobody is left to answer would wait for a deadline that never
    // comes (time passes only on `wait`): it closes.
    if room.connectedCount > 0 { comingBack = false }
    if plan.scripted, case .question = room.phase, room.connectedCount == 0, !comingBack, !unreachable {
      return move(now: now, into: &effects) { $0.next(now: $1) }
    }
    if room.phase != before {
      if case .reveal = room.phase, let question = room.lastRecord { effects.append(.revealed(question)) }
      autoAt = plan.auto && [NightPhase.reveal(0), .standings(0)].contains(room.phase.kind) ? now + pause : nil
      effects.append(.show(room.phase))
      // Under a script `--auto` moves on at once, with nothing to wait for.
      if let autoAt, autoAt <= now { effects += handle(.tick, now: now) }
    } else if room.phase == .lobby, outputs.contains(where: \.isLobbyUpdate) {
      // Who is in changed, and the players were just told: the host's lobby is drawn again
      // from the same room, so its list and its count never disagree.
      effects.append(.show(room.phase))
    }
  }

  /// Keeps the room, on a night over several machines: at once when what is scored changes (a
  /// phase), and at most every `saveInterval` when only who is in does (a join): a room of
  /// 5,000 is half a megabyte of JSON, and 5,000 joins must not write it 5,000 times. Never at
  /// each answer.
  private mutating func save(now: Duration, soon: Bool = false, into effects: inout [Effect]) {
    guard plan.persists else { return }
    if soon, let lastSave, now - lastSave < Self.saveInterval {
      saveDue = true
      return
    }
    lastSave = now
    saveDue = false
    effects.append(.save(room.saved(now: now)))
  }
}

extension NightOutput {
  /// A player welcomed (new, or back with its token), or the lobby's list told again.
  public var changesWhoIsIn: Bool {
    if case .send(.welcome, _) = self { return true }
    return isLobbyUpdate
  }

  /// The lobby's stage going out to the players.
  public var isLobbyUpdate: Bool {
    if case .send(.stage(let stage), _) = self, case .lobby = stage.scene { return true }
    return false
  }
}

extension NightPhase {
  /// The phase without its question's number.
  public var kind: NightPhase {
    switch self {
    case .question: .question(0)
    case .reveal: .reveal(0)
    case .standings: .standings(0)
    default: self
    }
  }
}
