import NightKit

/// What `trivia-night` tells the game, one JSON object a line on its standard output.
public enum RelayEvent: Codable, Equatable, Sendable {
  /// The host listens on `port`; players can use `addresses` (loopback last). `qr` is the
  /// QR code of the first address's `JoinURL`, one string of "1" (dark) and "0" a row.
  case listening(port: Int, addresses: [String], qr: [String]? = nil)
  /// The night's SSH door listens too (#39), on `port` of the same addresses, with a host key
  /// of this `fingerprint` (as OpenSSH prints it). Said before `listening`.
  case sshListening(port: Int, fingerprint: String)
  /// A connection opened: a player's WebSocket on the night's code, or the player's own
  /// connection to the host (`address` is then the host's).
  case opened(ConnectionID, address: String)
  /// One text frame, at most the wire's limit. `held`: the milliseconds an edge kept it in a
  /// batch before sending it on, which the room takes off its own clock's reading so that an
  /// answer is timed as its edge heard it (0 from `serve`, which batches nothing).
  case text(ConnectionID, String, held: Int = 0)
  /// A connection is gone, for whatever reason; `reason` is a sentence for a player's side.
  case closed(ConnectionID, reason: String?)
  /// `trivia-night` could not do what it was started for, in one sentence (a port in use,
  /// a host that does not answer).
  case failed(String)
  /// The host's: joins are being refused, and why, in one sentence (at most every 10 s).
  case refusing(String)
  /// A night over several machines (`trivia-night room`): a night whose room stopped within
  /// the grace was found in PostgreSQL, saved as `room` (a `NightRoom.Saved`'s JSON), with
  /// `journal` written since (`NightJournalEntry.line`, a line each); the host goes on with
  /// it, under its code. Said before `listening`.
  case resumed(code: String, room: String, journal: String)
  /// PostgreSQL cannot be reached, in a sentence: no player hears the room until `reachable`.
  /// Every connection is said `closed` after it; players come back with their tokens.
  case unreachable(String)
  case reachable
}
