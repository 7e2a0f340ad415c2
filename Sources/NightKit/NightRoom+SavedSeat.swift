extension NightRoom.Saved {
  /// A seat as saved: one for every player who ever joined, so with one- or two-letter keys and
  /// none for what holds its default (a score of 0, no answer yet, never ranked).
  struct Seat: Codable, Equatable, Sendable {
    var name: String
    /// The token's `TokenHash`: a save lets nobody come back as this player.
    var tokenHash: String
    var status: NightSeat.Status
    /// How long the seat had been away at the save; nil when it was connected (and for a seat
    /// gone or removed, whose grace is over).
    var awayMs: Int?
    var score: Int
    var totalMs: Int
    var since: Int
    var answerRound: Int
    var answerNumber: Int
    var choice: Int
    var answerMs: Int
    var points: Int
    /// The place at the previous standings; nil before this seat was ever ranked.
    var previousPlace: Int?

    init(_ seat: NightSeat, now: Duration) {
      name = seat.name
      tokenHash = seat.tokenHash
      status = seat.status
      awayMs =
        seat.status == .playing && seat.connection == nil
        ? seat.leftAt.map { max(0, (now - $0).wholeMilliseconds) } : nil
      score = seat.score
      totalMs = seat.totalMs
      since = seat.since
      answerRound = seat.answerRound
      answerNumber = seat.answerNumber
      choice = seat.choice
      answerMs = seat.answerMs
      points = seat.points
      previousPlace = seat.ranked ? seat.previousPlace : nil
    }

    /// The seat on the new clock, with no connection: one that had one is away from `now`, one
    /// already away keeps what was left of its grace. Its place is set from the order after.
    func seat(now: Duration) -> NightSeat {
      var seat = NightSeat(
        name: name, key: PlayerName.key(name), tokenHash: tokenHash, token: nil, connection: nil, since: since,
        totalMs: totalMs, place: 0)
      seat.status = status
      seat.leftAt = status == .playing ? now - .milliseconds(awayMs ?? 0) : nil
      seat.score = score
      seat.answerRound = answerRound
      seat.answerNumber = answerNumber
      seat.choice = choice
      seat.answerMs = answerMs
      seat.points = points
      seat.previousPlace = previousPlace ?? 0
      seat.ranked = previousPlace != nil
      return seat
    }

    private enum CodingKeys: String, CodingKey {
      case name = "n"
      case tokenHash = "h"
      /// The token in clear, as saves kept it before they held its hash: read, never written.
      case token = "t"
      case status = "x"
      case awayMs = "w"
      case score = "s"
      case totalMs = "m"
      case since = "i"
      /// The round, question number, choice and milliseconds of the last answer, in one array.
      case answer = "a"
      case points = "p"
      case previousPlace = "r"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      if let hash = try container.decodeIfPresent(String.self, forKey: .tokenHash) {
        tokenHash = hash
      } else {
        tokenHash = TokenHash.of(try container.decode(String.self, forKey: .token))
      }
      status = try container.decodeIfPresent(NightSeat.Status.self, forKey: .status) ?? .playing
      awayMs = try container.decodeIfPresent(Int.self, forKey: .awayMs)
      score = try container.decodeIfPresent(Int.self, forKey: .score) ?? 0
      totalMs = try container.decode(Int.self, forKey: .totalMs)
      since = try container.decodeIfPresent(Int.self, forKey: .since) ?? 1
      let answer = try container.decodeIfPresent([Int].self, forKey: .answer) ?? [0, 0, 0, 0]
      guard answer.count == 4, answer[0] >= 0 else {
        throw DecodingError.dataCorruptedError(
          forKey: .answer, in: container, debugDescription: "an answer is its round, number, choice and time")
      }
      (answerRound, answerNumber, choice, answerMs) = (answer[0], answer[1], answer[2], answer[3])
      points = try container.decodeIfPresent(Int.self, forKey: .points) ?? 0
      previousPlace = try container.decodeIfPresent(Int.self, forKey: .previousPlace)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(tokenHash, forKey: .tokenHash)
      if status != .playing { try container.encode(status, forKey: .status) }
      try container.encodeIfPresent(awayMs, forKey: .awayMs)
      if score != 0 { try container.encode(score, forKey: .score) }
      try container.encode(totalMs, forKey: .totalMs)
      if since != 1 { try container.encode(since, forKey: .since) }
      if answerRound > 0 { try container.encode([answerRound, answerNumber, choice, answerMs], forKey: .answer) }
      if points != 0 { try container.encode(points, forKey: .points) }
      try container.encodeIfPresent(previousPlace, forKey: .previousPlace)
    }
  }
}
