/// What the game tells `trivia-night`, one JSON object a line on its standard input.
/// Connections are numbered by `trivia-night`; the player's side has one, numbered 0.
public enum RelayCommand: Codable, Equatable, Sendable {
  /// One text frame to each of `to`: the game encodes a message once, whoever receives it.
  case send(String, to: [UInt64])
  /// Closes a connection once what was sent before is written.
  case close(UInt64)
  /// Sent to every connection if the game's end of the pipe closes before `stop`: players
  /// hear the host has gone even when its process was killed.
  case lastWords(String)
  /// Closes every connection and ends `trivia-night`.
  case stop
  /// The room as it stands (a `NightRoom.Saved`'s JSON), kept in PostgreSQL by `trivia-night
  /// room` so that a room restarted within the grace resumes it; `serve` has nowhere to keep it.
  case save(String)
}
