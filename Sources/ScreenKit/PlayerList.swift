/// Who is in a night, said the same way in the host's lobby and a player's waiting room.
public enum PlayerList {
  /// `3 players in: Ann, Bob, Cy` after `lead`, its wrapped rows going on under the names;
  /// `No players yet.` when there are none.
  public static func line(_ names: [String], after lead: String = "") -> Line {
    guard !names.isEmpty else { return Line(lead + "No players yet.") }
    let count = "\(NumberText.grouped(names.count)) \(names.count == 1 ? "player" : "players") in: "
    return Line(lead + count + names.joined(separator: ", ")).hanging(at: lead.count + count.count)
  }
}
