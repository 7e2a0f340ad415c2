extension NightRoom {
  /// The room as a plain value to keep, its times taken from `now` (see `Saved`).
  public func saved(now: Duration) -> Saved {
    let elapsed: Int?
    if case .question = phase { elapsed = max(0, (now - questionStart).wholeMilliseconds) } else { elapsed = nil }
    return Saved(
      title: title, phase: phase, questions: questions, limitMs: limitMs, maxPlayers: maxPlayers, onScreen: onScreen,
      screenKey: screenKey.description,
      seats: seats.map { Saved.Seat($0, now: now) }, order: order, index: index, round: round,
      questionElapsedMs: elapsed, counts: counts, answered: answered,
      fastest: fastest.map { Saved.Fastest(seat: $0.seat, ms: $0.ms) }, played: played, endedReason: endedReason,
      endedTable: endedTable, closed: closed, journaled: journaled)
  }

  /// The room as it was saved, on the new process's clock: every player that was connected is
  /// away as if it dropped at `now`, so it has the whole grace to come back with its token
  /// (`join(_:name:token:now:)`), name, score and place; one already away keeps what was left of
  /// its grace. A question keeps the deadline it opened with: `savedAgo` is how long before
  /// `now` the save was (from `Saved.savedAt`, on the wall clock, as each process has its own
  /// monotonic one), so that its players' countdown never jumps back. It waits for every player
  /// holding a place, as any question does; answers taken before the save count at its reveal,
  /// and so do those in `journal` after it (a seat given since, too). Big screens open again,
  /// as at any start.
  public init(
    resuming saved: Saved, now: Duration, savedAgo: Duration = .zero, journal: [NightJournalEntry] = [],
    generator: some RandomNumberGenerator & Sendable
  ) {
    self.init(
      title: saved.title, questions: saved.questions, limit: .milliseconds(saved.limitMs),
      maxPlayers: saved.maxPlayers, onScreen: saved.onScreen,
      screenKey: saved.screenKey.flatMap(NightScreenKey.init) ?? .random(), generator: generator)
    phase = saved.phase
    seats = saved.seats.map { $0.seat(now: now) }
    order = saved.order
    for (position, seat) in order.enumerated() { seats[seat].place = position + 1 }
    for (index, seat) in seats.enumerated() where seat.status != .removed {
      seatByHash[seat.tokenHash] = index
      if seatByKey[seat.key] == nil { seatByKey[seat.key] = index }
      if seat.status == .playing { holding += 1 }
    }
    index = saved.index
    round = saved.round
    counts = saved.counts
    answered = saved.answered
    fastest = saved.fastest.map { ($0.seat, $0.ms) }
    played = saved.played
    endedReason = saved.endedReason
    endedTable = saved.endedTable
    closed = saved.closed
    journaled = saved.journaled
    if case .question = phase {
      questionStart = now - max(savedAgo, .zero) - .milliseconds(saved.questionElapsedMs ?? 0)
    }
    if phase != .ended {
      for entry in journal where entry.number > saved.journaled { retake(entry, now: now) }
      drops = seats.indices.compactMap { seat in
        seats[seat].status == .playing ? seats[seat].leftAt.map { (seat, $0) } : nil
      }
      drops.sort { ($0.at, $0.seat) < ($1.at, $1.seat) }
    }
    if case .question = phase { waitingOn = seats.indices.filter(isWaitedFor).count }
  }
}
