import NightKit

/// What the game tells `trivia-night`, one JSON object a line on its standard input.
/// Connections are numbered by `trivia-night`; the player's side has one, numbered 0.
public enum RelayCommand: Codable, Equatable, Sendable {
  /// One text frame to each of `to`: the game encodes a message once, whoever receives it.
  case send(String, to: [ConnectionID])
  /// Each connection its own `you` message, given as a row (`NightYou.row`) that whoever holds
  /// its socket turns into the message: the room's verdicts after a question, as one table.
  case yours([Personal])
  /// Closes a connection once what was sent before is written.
  case close(ConnectionID)
  /// Sent to every connection if the game's end of the pipe closes before `stop`: players
  /// hear the host has gone even when its process was killed.
  case lastWords(String)
  /// Closes every connection and ends `trivia-night`.
  case stop
  /// The room as it stands (a `NightRoom.Saved`'s JSON), kept in PostgreSQL by `trivia-night
  /// room` so that a room restarted within the grace resumes it; `serve` has nowhere to keep it.
  case save(String)
  /// What the room took since its last save (`NightJournalEntry`s' JSON, a line each), kept by
  /// `trivia-night room` before anything sent after it; `serve` has nowhere to keep it.
  case journal(String)

  /// A question's answers as the room revealed them (a JSON array of `NightPlayerAnswer`), which
  /// `trivia-night room` keeps in PostgreSQL (`trivia_answers`) and `serve` has nowhere to keep.
  case answers(question: Int, json: String)

  /// One connection's row of a `yours` table.
  public struct Personal: Codable, Equatable, Sendable {
    public var to: ConnectionID
    public var row: String

    public init(to: ConnectionID, row: String) {
      self.to = to
      self.row = row
    }
  }
}
