/// A player's place in a night, kept in the room's array in join order: a few numbers and
/// three strings, so thousands of players cost little, and no copy of any question.
struct NightSeat: Sendable {
  /// One letter each in a saved night, which keeps thousands of seats.
  enum Status: String, Codable, Sendable {
    case playing = "p"
    /// Away past the grace: its row stays in the standings, its token no longer works.
    case gone = "g"
    /// Kicked, or gone before the night started: out of the night and its standings.
    case removed = "r"
  }

  var name: String
  var key: String
  /// The token's `TokenHash`: what the room finds a returning player by, and what it saves.
  var tokenHash: String
  /// The token itself, once this process has heard it (made at the join, or brought back): a
  /// welcome repeats it to its player. Never saved: a resumed room knows only the hash until
  /// the player comes back with it.
  var token: String?
  var connection: ConnectionID?
  /// When the connection dropped; nil while connected.
  var leftAt: Duration?
  var status = Status.playing
  var score = 0
  /// Milliseconds taken over every closed question, the second key of the standings.
  var totalMs: Int
  /// The first question this seat was in for (1-based).
  var since: Int
  /// The round this seat last answered in (rounds start at 1), with the question's number, the
  /// choice and the time.
  var answerRound = 0
  var answerNumber = 0
  var choice = 0
  var answerMs = 0
  /// Points won at the last closed question.
  var points = 0
  var place: Int
  /// The place at the previous standings; 0 before the first this seat was in.
  var previousPlace = 0
  var ranked = false
  /// The round whose question no longer waits for this seat: the room closed its connection
  /// for breaking the protocol, which is no fault of the network. Back with its token, it is
  /// waited for again.
  var excused = 0

  init(
    name: String, key: String, tokenHash: String, token: String?, connection: ConnectionID?, since: Int, totalMs: Int,
    place: Int
  ) {
    self.name = name
    self.since = since
    self.key = key
    self.tokenHash = tokenHash
    self.token = token
    self.connection = connection
    self.totalMs = totalMs
    self.place = place
  }

  var moved: Int { Scoreboard.moved(from: previousPlace, to: place) }

  var row: NightStandings.Row {
    NightStandings.Row(place: place, name: name, score: score, moved: moved, left: connection == nil)
  }

  /// This seat's key in the standings; `joined` is its index in join order.
  func key(joined: Int) -> Scoreboard.Key {
    Scoreboard.Key(points: score, milliseconds: totalMs, joined: joined)
  }
}
