/// One player's line in a night's standings. Here rather than in a screen, so that the
/// screens showing standings share it, and its table, without naming each other.
public struct StandingRow: Equatable, Sendable {
  public var place: Int
  public var name: String
  public var score: Int
  /// Places gained since the last standings: 2 is up two, -1 down one.
  public var moved: Int
  /// The player looking at the table: emphasised, in style only, so that everyone's table
  /// reads the same.
  public var isYou: Bool
  public var hasLeft: Bool

  public init(place: Int, name: String, score: Int, moved: Int = 0, isYou: Bool = false, hasLeft: Bool = false) {
    self.place = place
    self.name = name
    self.score = score
    self.moved = moved
    self.isYou = isYou
    self.hasLeft = hasLeft
  }

  /// The rows in aligned columns (place, name, score, move), then `you` after a `…` line
  /// when the player's own row is not among them. `moves` false leaves the move out: a final
  /// table, or a round of turns, has no next standings to move in, and a column of `–` under
  /// no heading said nothing (issue 37).
  public static func table(_ rows: [StandingRow], you: StandingRow? = nil, moves: Bool = true) -> [Line] {
    let all = rows + (you.map { [$0] } ?? [])
    let placeWidth = all.map { String($0.place).count }.max() ?? 0
    let nameWidth = all.map(\.shownName.count).max() ?? 0
    let scoreWidth = all.map { NumberText.grouped($0.score).count }.max() ?? 0
    func line(_ row: StandingRow) -> Line {
      let text =
        "  " + String(row.place).leftPadded(to: placeWidth) + "  " + row.shownName.padded(to: nameWidth) + "  "
        + NumberText.grouped(row.score).leftPadded(to: scoreWidth) + (moves ? "  " + row.move : "")
      return Line(text, style: row.isYou ? .emphasis : row.hasLeft ? .dim : .plain)
    }
    return rows.map(line) + (you.map { [Line("  …", style: .dim), line($0)] } ?? [])
  }

  var shownName: String { hasLeft ? name + " (left)" : name }

  /// `↑2`, `↓1`, or `–` for a place kept.
  var move: String {
    moved > 0 ? "↑\(moved)" : moved < 0 ? "↓\(moved.magnitude)" : "–"
  }
}
