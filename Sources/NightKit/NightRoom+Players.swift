extension NightRoom {
  /// A connection asks to join: as a new player, or with `token` as one that dropped and comes
  /// back within the grace, with its name and score, straight onto the current screen.
  public mutating func join(_ connection: ConnectionID, name: String, token: String?, now: Duration) -> [NightOutput] {
    var outputs: [NightOutput] = []
    if let seat = seatByConnection[connection] {
      drop(seat, now: now, into: &outputs)
      return [.close(connection, .refused("This connection has already joined."))] + outputs
    }
    if phase == .ended || (phase == .final && token == nil) {
      return [.close(connection, .refused("The night is over."))]
    }
    // A place is kept for the whole night: past the grace it stops counting against the
    // night's size, but its token still brings its player back, name and score. A token the
    // room does not know (a room resumed from a save older than the welcome, a place taken out
    // of the night) joins by its name as anyone would: the player is not turned away for a
    // place the room forgot.
    if let token, let seat = seatByHash[TokenHash.of(token)] {
      seats[seat].token = token
      if seats[seat].status == .gone {
        seats[seat].status = .playing
        holding += 1
        if isWaitedFor(seat) { waitingOn += 1 }
      }
      comeBack(seat, on: connection, into: &outputs)
      outputs.append(.host(.back(seats[seat].name)))
      outputs += screen(of: seat, now: now)
      // The last one back to a resumed question everyone had answered closes it.
      if case .question = phase, everyoneAnswered { closeQuestion(into: &outputs) }
      return outputs
    }
    if phase == .final { return [.close(connection, .refused("The night is over."))] }
    guard holding < maxPlayers else {
      return [.close(connection, .refused("The night is full (\(maxPlayers) players)."))]
    }
    switch PlayerName.validate(name, holder: { seatByKey[$0].map { seats[$0].name } }) {
    case .failure(let refusal):
      return [.close(connection, .refused(refusal.description))]
    case .success(let name):
      let (token, hash) = newToken()
      let seat = add(
        NightSeat(
          name: name, key: PlayerName.key(name), tokenHash: hash, token: token, connection: connection,
          since: nextAnswerable, totalMs: playedMs, place: 0))
      seatByConnection[connection] = seat
      connected += 1
      if case .question = phase { waitingOn += 1 }
      note(.seat(name: name, since: seats[seat].since, totalMs: seats[seat].totalMs), seat: seat)
      outputs.append(.host(.joined(name)))
      outputs += screen(of: seat, now: now)
      lobbyChanged(now: now, into: &outputs)
      return outputs
    }
  }

  /// A frame from a connection: malformed ones close it, and nothing else.
  public mutating func received(_ connection: ConnectionID, text: String, now: Duration) -> [NightOutput] {
    let message: PlayerMessage
    do {
      message = try NightWire.decode(text)
    } catch {
      return closeMalformed(connection, now: now)
    }
    switch message {
    case .join(let name, let token):
      guard !watchers.contains(connection) else { return closeMalformed(connection, now: now) }
      return join(connection, name: name, token: token, now: now)
    case .watch(let key):
      return watch(connection, key: key, now: now)
    case .answer(let question, let choice):
      guard let seat = seatByConnection[connection] else { return closeMalformed(connection, now: now) }
      return answer(seat, question: question, choice: choice, now: now)
    }
  }

  /// A big screen: sent the stage as the screens see it, now and at every change, with no
  /// seat. A connection that joined, or already watches, breaks the protocol. Only the host's
  /// own screen, holding the screen's key, takes a slot: anyone has the join code.
  private mutating func watch(_ connection: ConnectionID, key: String?, now: Duration) -> [NightOutput] {
    guard seatByConnection[connection] == nil, !watchers.contains(connection) else {
      return closeMalformed(connection, now: now)
    }
    guard screenKey.isOpened(by: key) else {
      let why = "This is not the big screen's address: open the Screen address the host's lobby shows, key and all."
      return [.close(connection, .refused(why))]
    }
    guard phase != .ended else { return [.close(connection, .refused("The night is over."))] }
    guard watchers.count < Self.screensMax else {
      return [.close(connection, .refused("The night shows on \(Self.screensMax) screens already, the most it takes."))]
    }
    watchers.append(connection)
    return [.send(.stage(screenStage(now: now)), to: [connection])]
  }

  /// The transport lost a connection: its player keeps its place for `grace`, and the question
  /// open waits for it as for anyone holding a place. A drop is not a departure: an edge that
  /// died, a room restarted or PostgreSQL away look the same from here as a closed tab.
  public mutating func disconnected(_ connection: ConnectionID, now: Duration) -> [NightOutput] {
    if let watcher = watchers.firstIndex(of: connection) {
      watchers.remove(at: watcher)
      return []
    }
    guard let seat = seatByConnection[connection] else { return [] }
    var outputs: [NightOutput] = []
    drop(seat, now: now, into: &outputs)
    if case .question = phase, everyoneAnswered { closeQuestion(into: &outputs) }
    return outputs
  }

  /// Host only: the player leaves the night and its standings; its name is free again.
  public mutating func kick(name: String, now: Duration) -> [NightOutput] {
    guard let seat = seatByKey[PlayerName.key(name)], seats[seat].status != .removed else {
      return [.host(.noSuchPlayer(name))]
    }
    var outputs: [NightOutput] = []
    if let connection = seats[seat].connection {
      disconnect(seat)
      outputs.append(.close(connection, .kicked))
    }
    if isWaitedFor(seat) { waitingOn -= 1 }
    if seats[seat].status == .playing { holding -= 1 }
    if seats[seat].answerRound == round, case .question = phase { withdrawAnswer(of: seat) }
    remove(seat)
    outputs.append(.host(.kicked(seats[seat].name)))
    lobbyChanged(now: now, into: &outputs)
    if case .question = phase, everyoneAnswered { closeQuestion(into: &outputs) }
    return outputs
  }

  private mutating func closeMalformed(_ connection: ConnectionID, now: Duration) -> [NightOutput] {
    var outputs: [NightOutput] = [.close(connection, nil)]
    watchers.removeAll { $0 == connection }
    if let seat = seatByConnection[connection] {
      drop(seat, now: now, into: &outputs)
      excuse(seat)
      if case .question = phase, everyoneAnswered { closeQuestion(into: &outputs) }
    }
    return outputs
  }

  /// A new seat, last in the standings and holding a place: as a player joins, or as a resumed
  /// room takes it again from its journal.
  mutating func add(_ new: NightSeat) -> Int {
    let seat = seats.count
    seats.append(new)
    seatByHash[new.tokenHash] = seat
    seatByKey[new.key] = seat
    order.append(seat)
    seats[seat].place = order.count
    holding += 1
    return seat
  }

  /// Whether the question open waits for this seat: it holds a place, has not answered, and
  /// was not closed out for breaking the protocol.
  func isWaitedFor(_ seat: Int) -> Bool {
    guard case .question = phase else { return false }
    return seats[seat].status == .playing && seats[seat].answerRound != round && seats[seat].excused != round
  }

  /// A connection the room closed for breaking the protocol: the question open no longer
  /// waits for its player, which a script or a page with a bug would otherwise hold up.
  mutating func excuse(_ seat: Int) {
    guard isWaitedFor(seat) else { return }
    waitingOn -= 1
    seats[seat].excused = round
  }

  /// PostgreSQL is away (a night over several machines): every player is cut off through no
  /// fault of its own and can come back only once it is back, so no grace runs out meanwhile.
  /// Past the grace the room gave them up, and its count read `1 of 1 in` with three players
  /// away and the question waiting for them (issue 37).
  public mutating func holdGraces() {
    gracesHeld = true
  }

  /// PostgreSQL is back: each player still away has the whole grace from now to come back,
  /// as in a resumed room.
  public mutating func renewGraces(now: Duration) {
    guard gracesHeld else { return }
    gracesHeld = false
    for seat in seats.indices where seats[seat].status == .playing && seats[seat].connection == nil {
      seats[seat].leftAt = now
      drops.append((seat, now))
    }
  }

  /// The player is away: "left" for the host, its place kept until the grace ends.
  mutating func drop(_ seat: Int, now: Duration, into outputs: inout [NightOutput]) {
    disconnect(seat)
    seats[seat].leftAt = now
    drops.append((seat, now))
    outputs.append(.host(.left(seats[seat].name)))
  }

  mutating func disconnect(_ seat: Int) {
    guard let connection = seats[seat].connection else { return }
    seatByConnection[connection] = nil
    seats[seat].connection = nil
    connected -= 1
  }

  private mutating func comeBack(_ seat: Int, on connection: ConnectionID, into outputs: inout [NightOutput]) {
    if let old = seats[seat].connection {
      // The old connection has not been seen to drop yet; the player is on the new one.
      disconnect(seat)
      outputs.append(.close(old, nil))
    }
    seats[seat].connection = connection
    seats[seat].leftAt = nil
    seatByConnection[connection] = seat
    connected += 1
    if case .question = phase, seats[seat].excused == round {
      seats[seat].excused = 0
      if isWaitedFor(seat) { waitingOn += 1 }
    }
  }

  /// 128 bits from the room's generator, in hex, and its hash; never one a seat holds, since a
  /// resumed room's generator may well be seeded as the first one was (a test's, a scripted
  /// host's).
  private mutating func newToken() -> (token: String, hash: String) {
    var token: String
    var hash: String
    repeat {
      token = (0..<2).map { _ in
        let hex = String(generator.next(), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
      }.joined()
      hash = TokenHash.of(token)
    } while seatByHash[hash] != nil
    return (token, hash)
  }

  /// The first question a player joining now can answer: the current one while it is open.
  private var nextAnswerable: Int {
    if case .question = phase { return index + 1 }
    return index + 2
  }

  /// What a player joining or coming back is sent: the whole night as it sees it, the same
  /// value the others have.
  func screen(of seat: Int, now: Duration) -> [NightOutput] {
    guard let connection = seats[seat].connection else { return [] }
    let welcome = NightWelcome(token: seats[seat].token ?? "", stage: stage(now: now), you: you(of: seat))
    return [.send(.welcome(welcome), to: [connection])]
  }
}
