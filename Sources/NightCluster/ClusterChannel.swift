/// The names a night's processes NOTIFY each other on.
public enum ClusterChannel {
  /// Where edges say what their players did, for the room of the night `code`.
  public static func room(_ code: String) -> String { "trivia_room_\(code.lowercased())" }
  /// What the room of the night `code` took since its last save: nobody listens, a restarted
  /// room reads it (`NightJournalEntry`).
  public static func journal(_ code: String) -> String { "trivia_journal_\(code.lowercased())" }
  /// Where the room says what edge `edge` sends and closes.
  public static func edge(_ edge: Int) -> String { "trivia_edge_\(edge)" }
  /// A room started (payload: its code) or a night ended (`end CODE`): edges serve the newest.
  public static let nights = "trivia_nights"
}
