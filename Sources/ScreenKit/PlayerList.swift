/// Who is in a night, said the same way in the host's lobby and a player's waiting room.
public enum PlayerList {
  /// `3 players in: Ann, Bob, Cy` after `lead`, its wrapped rows going on under the names;
  /// `No players yet.` when there are none. A big night names only its newest: `total` says
  /// how many are in all (`1,204 players in, the newest: …`).
  public static func line(_ names: [String], total: Int? = nil, after lead: String = "") -> Line {
    let total = max(total ?? names.count, names.count)
    guard total > 0 else { return Line(lead + "No players yet.") }
    let count =
      "\(counted(total)) in" + (names.count < total ? ", the newest" : "") + (names.isEmpty ? "." : ": ")
    return Line(lead + count + names.joined(separator: ", ")).hanging(at: lead.count + count.count)
  }

  /// `1 player`, `1,204 players`.
  public static func counted(_ count: Int) -> String {
    NumberText.counted(count, "player")
  }
}
