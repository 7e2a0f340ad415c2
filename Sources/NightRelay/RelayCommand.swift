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
  /// What the room took since its last save (`NightJournalEntry.line`, a line each), kept by
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

extension RelayCommand {
  /// What a process does with the game's commands: each implements the ones it acts on, and
  /// the others do nothing by default, so a new command is its case and its requirement here,
  /// the game that sends it, and the process that acts on it. `stop` is each loop's own.
  public protocol Handler {
    mutating func send(_ text: String, to connections: [ConnectionID])
    mutating func yours(_ rows: [Personal])
    mutating func close(_ connection: ConnectionID)
    mutating func lastWords(_ text: String)
    mutating func save(_ room: String)
    mutating func journal(_ lines: String)
    mutating func answers(question: Int, json: String)
  }

  /// Hands the command to `handler`; false for `stop`, which ends the relay.
  public func apply(to handler: inout some Handler) -> Bool {
    switch self {
    case .send(let text, let to): handler.send(text, to: to)
    case .yours(let rows): handler.yours(rows)
    case .close(let connection): handler.close(connection)
    case .lastWords(let text): handler.lastWords(text)
    case .save(let room): handler.save(room)
    case .journal(let lines): handler.journal(lines)
    case .answers(let question, let json): handler.answers(question: question, json: json)
    case .stop: return false
    }
    return true
  }
}

extension RelayCommand.Handler {
  public mutating func send(_ text: String, to connections: [ConnectionID]) {}
  public mutating func yours(_ rows: [RelayCommand.Personal]) {}
  public mutating func close(_ connection: ConnectionID) {}
  public mutating func lastWords(_ text: String) {}
  public mutating func save(_ room: String) {}
  public mutating func journal(_ lines: String) {}
  public mutating func answers(question: Int, json: String) {}
}
