/// What a room took since its last save, an entry at a time: a seat given, an answer taken.
///
/// A room of thousands is saved every few seconds, not at each answer (`NightHost.saveInterval`),
/// so a process killed between two saves would forget what its players were told it took.
/// The host writes these few bytes where the save is kept before anything it decided alongside
/// reaches a player; a room resumed from the save takes them again
/// (`NightRoom.init(resuming:now:savedAgo:journal:generator:)`), and a player told "taken" is
/// never asked to believe otherwise.
public struct NightJournalEntry: Codable, Equatable, Sendable {
  /// Counts the room's entries over the night: a save says the last it holds (`journaled`).
  public let number: Int
  let token: String
  let event: Event

  enum Event: Equatable, Sendable {
    /// A new seat: its name, the first question it is in for, and the time it starts with.
    case seat(name: String, since: Int, totalMs: Int)
    /// An answer to the question numbered `question`, and when in it.
    case answer(question: Int, choice: Int, ms: Int)
  }

  init(number: Int, token: String, event: Event) {
    self.number = number
    self.token = token
    self.event = event
  }

  // One- and two-letter keys, as a saved seat's: thousands of answers go through here.
  private enum CodingKeys: String, CodingKey {
    case number = "j", token = "t", name = "n", since = "s", totalMs = "tm", question = "q", choice = "c", ms = "ms"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    number = try container.decode(Int.self, forKey: .number)
    token = try container.decode(String.self, forKey: .token)
    if let name = try container.decodeIfPresent(String.self, forKey: .name) {
      event = .seat(
        name: name, since: try container.decode(Int.self, forKey: .since),
        totalMs: try container.decode(Int.self, forKey: .totalMs))
    } else {
      event = .answer(
        question: try container.decode(Int.self, forKey: .question),
        choice: try container.decode(Int.self, forKey: .choice), ms: try container.decode(Int.self, forKey: .ms))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(number, forKey: .number)
    try container.encode(token, forKey: .token)
    switch event {
    case .seat(let name, let since, let totalMs):
      try container.encode(name, forKey: .name)
      try container.encode(since, forKey: .since)
      try container.encode(totalMs, forKey: .totalMs)
    case .answer(let question, let choice, let ms):
      try container.encode(question, forKey: .question)
      try container.encode(choice, forKey: .choice)
      try container.encode(ms, forKey: .ms)
    }
  }
}

extension NightRoom {
  /// The entries made since the last call: the host writes them before what it sends.
  public mutating func takeJournal() -> [NightJournalEntry] {
    defer { journal.removeAll(keepingCapacity: true) }
    return journal
  }

  mutating func note(_ event: NightJournalEntry.Event, seat: Int) {
    journaled += 1
    journal.append(NightJournalEntry(number: journaled, token: seats[seat].token, event: event))
  }

  /// An entry the save does not hold, taken again on a resumed room: the seat given is back
  /// as away (its player comes back with its token), the answer counts if its question is the
  /// one still open. An entry the room holds already changes nothing.
  mutating func retake(_ entry: NightJournalEntry, now: Duration) {
    journaled = max(journaled, entry.number)
    switch entry.event {
    case .seat(let name, let since, let totalMs):
      let key = PlayerName.key(name)
      guard seatByToken[entry.token] == nil, seatByKey[key] == nil else { return }
      let seat = seats.count
      var taken = NightSeat(
        name: name, key: key, token: entry.token, connection: nil, since: since, totalMs: totalMs, place: 0)
      taken.leftAt = now
      seats.append(taken)
      seatByToken[entry.token] = seat
      seatByKey[key] = seat
      order.append(seat)
      seats[seat].place = order.count
      holding += 1
    case .answer(let question, let choice, let ms):
      guard case .question(question) = phase, let seat = seatByToken[entry.token], seats[seat].status != .removed,
        seats[seat].answerRound != round, counts.indices.contains(choice)
      else { return }
      seats[seat].answerRound = round
      seats[seat].answerNumber = question
      seats[seat].choice = choice
      seats[seat].answerMs = ms
      counts[choice] += 1
      answered += 1
      if choice == questions[index].correct, ms < fastest?.ms ?? .max { fastest = (seat, ms) }
    }
  }
}
