extension NightRoom {
  /// A room as a plain value, for its process to keep in a database and for a new process to
  /// resume from (`init(resuming:now:generator:)`) when the first dies within the grace (#30).
  /// Times are kept as how long before the save they were, since the new process has another
  /// clock; connections and big screens are not kept: they belonged to the process that died.
  /// What can be computed again is not kept either: places (from `order`), name keys, counts
  /// of players holding a place or connected, and the indexes by token, name and connection.
  ///
  /// A seat is saved for every player who ever joined, so its keys are one or two letters and
  /// what holds its default is left out: 5,000 players in a question, each with a score and an
  /// answer, save in 717 kB of JSON (`JSONEncoder`'s default) with the room's record, 131 bytes
  /// a player, the hash of its token (64 hex digits: the token itself is never saved, #36) and
  /// the name the most of it (`SavedRoomTests` holds it under 760 kB).
  ///
  /// Decoding checks what the room would trust (that `order` holds each seat in the night once,
  /// that the question and its answers are in range), so a decoded value always resumes.
  public struct Saved: Codable, Equatable, Sendable {
    public let title: String
    public let phase: NightPhase
    let questions: [NightQuestion]
    let limitMs: Int
    let maxPlayers: Int
    let onScreen: Bool
    /// The big screen's key, so that its address still opens after a resume; a save from
    /// before it was kept gets a new one.
    let screenKey: String?
    let seats: [Seat]
    /// The seats in standings order: their places.
    let order: [Int]
    let index: Int
    let round: Int
    /// How far into the current question the save was; nil outside a question.
    let questionElapsedMs: Int?
    let counts: [Int]
    let answered: Int
    let fastest: Fastest?
    let played: Int
    let endedReason: String?
    let endedTable: NightStandings?
    /// When it was saved, in Unix milliseconds, stamped by the process that writes it: the
    /// process that resumes it keeps the open question's deadline where it was.
    public var savedAt: Int?
    /// The questions closed so far: the night's record, whole after a resume.
    let closed: [Closed]
    /// The last journal entry this save holds: a resume takes again only those after it.
    let journaled: Int

    struct Fastest: Codable, Equatable, Sendable {
      var seat: Int
      var ms: Int
    }

    init(
      title: String, phase: NightPhase, questions: [NightQuestion], limitMs: Int, maxPlayers: Int, onScreen: Bool,
      screenKey: String? = nil, seats: [Seat], order: [Int], index: Int, round: Int, questionElapsedMs: Int?,
      counts: [Int], answered: Int,
      fastest: Fastest?, played: Int, endedReason: String?, endedTable: NightStandings?, closed: [Closed],
      journaled: Int
    ) {
      self.closed = closed
      self.journaled = journaled
      self.title = title
      self.phase = phase
      self.questions = questions
      self.limitMs = limitMs
      self.maxPlayers = maxPlayers
      self.onScreen = onScreen
      self.screenKey = screenKey
      self.seats = seats
      self.order = order
      self.index = index
      self.round = round
      self.questionElapsedMs = questionElapsedMs
      self.counts = counts
      self.answered = answered
      self.fastest = fastest
      self.played = played
      self.endedReason = endedReason
      self.endedTable = endedTable
    }

    private enum CodingKeys: String, CodingKey {
      case title, phase, questions, limitMs, maxPlayers, onScreen, screenKey, seats, order, index, round
      case questionElapsedMs
      case counts, answered, fastest, played, endedReason, endedTable, savedAt, closed, journaled
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        title: try container.decode(String.self, forKey: .title),
        phase: try container.decode(NightPhase.self, forKey: .phase),
        questions: try container.decode([NightQuestion].self, forKey: .questions),
        limitMs: try container.decode(Int.self, forKey: .limitMs),
        maxPlayers: try container.decode(Int.self, forKey: .maxPlayers),
        onScreen: try container.decode(Bool.self, forKey: .onScreen),
        screenKey: try container.decodeIfPresent(String.self, forKey: .screenKey),
        seats: try container.decode([Seat].self, forKey: .seats),
        order: try container.decode([Int].self, forKey: .order),
        index: try container.decode(Int.self, forKey: .index),
        round: try container.decode(Int.self, forKey: .round),
        questionElapsedMs: try container.decodeIfPresent(Int.self, forKey: .questionElapsedMs),
        counts: try container.decode([Int].self, forKey: .counts),
        answered: try container.decode(Int.self, forKey: .answered),
        fastest: try container.decodeIfPresent(Fastest.self, forKey: .fastest),
        played: try container.decode(Int.self, forKey: .played),
        endedReason: try container.decodeIfPresent(String.self, forKey: .endedReason),
        endedTable: try container.decodeIfPresent(NightStandings.self, forKey: .endedTable),
        closed: try container.decodeIfPresent([Closed].self, forKey: .closed) ?? [],
        journaled: try container.decodeIfPresent(Int.self, forKey: .journaled) ?? 0)
      savedAt = try container.decodeIfPresent(Int.self, forKey: .savedAt)
      if let fault {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: fault))
      }
    }

    /// The most a count the room adds to may be (a seat's score or total time, the journal's
    /// entries, the rounds, the answers): 2⁴⁰. No night comes near it (a question adds at most a
    /// thousand points and two minutes), and what a night adds to it stays far from `Int.max`.
    static let mostSum = 1 << 40

    /// What the room would trip on, or nil when it resumes.
    private var fault: String? {
      guard questions.allSatisfy({ $0.choices.indices.contains($0.correct) }) else {
        return "a right choice out of range"
      }
      guard limitMs > 0, maxPlayers > 0 else { return "no time or no room" }
      let sums = [journaled, played, round, answered] + counts
      guard sums.allSatisfy((0...Self.mostSum).contains) else { return "a count out of range" }
      guard questions.allSatisfy({ $0.seconds.map { (1...3600).contains($0) } != false }) else {
        return "a question's own time out of range"
      }
      guard (-1..<questions.count).contains(index), round >= 0 else { return "no such question" }
      switch phase {
      case .question(let number), .reveal(let number), .standings(let number):
        guard number == index + 1, index >= 0 else { return "the phase is not at the question" }
      case .lobby, .final, .ended: break
      }
      let asking =
        switch phase {
        case .question, .reveal: true
        case .lobby, .standings, .final, .ended: false
        }
      if asking, counts.count != questions[index].choices.count { return "the counts are not the choices" }
      if case .question = phase, questionElapsedMs == nil { return "a question with no time" }
      let inNight = seats.indices.filter { seats[$0].status != .removed }
      guard order.count == inNight.count, Set(order) == Set(inNight) else { return "the order is not the seats" }
      if let fastest, !seats.indices.contains(fastest.seat) { return "the fastest is no seat" }
      for question in closed {
        guard questions.indices.contains(question.index), question.order.count == question.taken.count,
          question.order.allSatisfy(seats.indices.contains),
          question.taken.allSatisfy({
            $0 == Closed.noAnswer || questions[question.index].choices.indices.contains($0 / 1_000_000)
          })
        else { return "a closed question out of range" }
      }
      for seat in seats {
        guard seat.answerRound <= round else { return "an answer from a later question" }
        // Sums a night adds to: far from what overflows, far beyond what a night reaches.
        guard (0...Self.mostSum).contains(seat.score), (0...Self.mostSum).contains(seat.totalMs),
          (0...1000).contains(seat.points), (0...3_600_000).contains(seat.answerMs), seat.awayMs ?? 0 >= 0
        else { return "a score or a time out of range" }
        guard seat.previousPlace.map({ (0...seats.count).contains($0) }) != false else { return "a place out of range" }
        if asking, seat.answerRound == round, round > 0, !counts.indices.contains(seat.choice) {
          return "an answer out of range"
        }
      }
      return nil
    }
  }
}
