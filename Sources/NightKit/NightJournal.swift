/// What a room took since its last save, an entry at a time: a seat given, an answer taken.
///
/// A room of thousands is saved every few seconds, not at each answer (`NightHost.saveInterval`),
/// so a process killed between two saves would forget what its players were told it took.
/// The host writes these few bytes where the save is kept before anything it decided alongside
/// reaches a player; a room resumed from the save takes them again
/// (`NightRoom.init(resuming:now:savedAgo:journal:generator:)`), and a player told "taken" is
/// never asked to believe otherwise.
public struct NightJournalEntry: Equatable, Sendable {
  /// Counts the room's entries over the night: a save says the last it holds (`journaled`).
  public let number: Int
  /// The seat's `TokenHash`, never its token: the journal waits in a table edges can read.
  let tokenHash: String
  let event: Event

  enum Event: Equatable, Sendable {
    /// A new seat: its name, the first question it is in for, and the time it starts with.
    case seat(name: String, since: Int, totalMs: Int)
    /// An answer to the question numbered `question`, and when in it.
    case answer(question: Int, choice: Int, ms: Int)
  }

  init(number: Int, tokenHash: String, event: Event) {
    self.number = number
    self.tokenHash = tokenHash
    self.event = event
  }

  /// One line of words, the name last (a name has spaces, never a line break): thousands of
  /// answers are written as they are taken, and no JSON coder is worth their cost.
  /// `7 HASH a 3 1 4250` is answer 1 to question 3 at 4,250 ms; `8 HASH s 3 40000 Zoë Lee`
  /// a seat for question 3 on, starting with 40,000 ms (HASH the seat's `TokenHash`).
  public var line: String {
    switch event {
    case .answer(let question, let choice, let ms): "\(number) \(tokenHash) a \(question) \(choice) \(ms)"
    case .seat(let name, let since, let totalMs): "\(number) \(tokenHash) s \(since) \(totalMs) \(name)"
    }
  }

  /// An entry from its `line`; nil for a line that is not one. A line written before tokens
  /// were hashed holds the token itself: its hash is taken here.
  public init?(line: Substring) {
    let words = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
    guard words.count == 6, let number = Int(words[0]), !words[1].isEmpty, let first = Int(words[3]),
      let second = Int(words[4])
    else { return nil }
    self.number = number
    tokenHash = TokenHash.isHash(words[1]) ? String(words[1]) : TokenHash.of(words[1])
    switch words[2] {
    case "a":
      guard let ms = Int(words[5]) else { return nil }
      event = .answer(question: first, choice: second, ms: ms)
    case "s":
      guard !words[5].isEmpty else { return nil }
      event = .seat(name: String(words[5]), since: first, totalMs: second)
    default: return nil
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
    journal.append(NightJournalEntry(number: journaled, tokenHash: seats[seat].tokenHash, event: event))
  }

  /// An entry the save does not hold, taken again on a resumed room: the seat given is back
  /// as away (its player comes back with its token), the answer counts if its question is the
  /// one still open. An entry the room holds already changes nothing.
  mutating func retake(_ entry: NightJournalEntry, now: Duration) {
    // Numbered past any night's count, it is no entry this room made, and counting on from it
    // would overflow.
    guard entry.number <= Saved.mostSum else { return }
    journaled = max(journaled, entry.number)
    switch entry.event {
    case .seat(let name, let since, let totalMs):
      let key = PlayerName.key(name)
      // A total the room goes on adding to, and so within what a save may hold.
      guard seatByHash[entry.tokenHash] == nil, seatByKey[key] == nil, (0...Saved.mostSum).contains(totalMs)
      else { return }
      var away = NightSeat(
        name: name, key: key, tokenHash: entry.tokenHash, token: nil, connection: nil, since: since,
        totalMs: totalMs, place: 0)
      away.leftAt = now
      _ = add(away)
    case .answer(let question, let choice, let ms):
      // A time the room could not have taken (the journal waits where others can write) is
      // not taken: scoring it would overflow.
      guard case .question(question) = phase, let seat = seatByHash[entry.tokenHash], seats[seat].status != .removed,
        seats[seat].answerRound != round, counts.indices.contains(choice), (0...limitMs(of: index)).contains(ms)
      else { return }
      take(choice, ms: ms, question: question, from: seat)
    }
  }
}
