/// A player's own part as one short line of text, for the room's table of verdicts: the room
/// writes a row for each player, and whoever holds the player's socket (trivia-night, an edge)
/// turns it into the player's `you` message, so the room encodes no JSON per player.
///
///     SINCE POINTS SCORE PLACE MOVED QUESTION CHOICE NAME
///
/// QUESTION and CHOICE are `-` without an answer; the name, last, may hold spaces and never a
/// control character (`PlayerName`), so never a newline.
extension NightYou {
  public var row: String {
    var row = "\(since) \(points) \(score) \(place) \(moved) "
    if let answer { row += "\(answer.question) \(answer.choice) " } else { row += "- - " }
    return row + name
  }

  /// Nil when `row` is not one `row` wrote.
  public init?(row: some StringProtocol) {
    let fields = row.split(separator: " ", maxSplits: 7, omittingEmptySubsequences: false)
    guard fields.count == 8, let since = Int(fields[0]), let points = Int(fields[1]), let score = Int(fields[2]),
      let place = Int(fields[3]), let moved = Int(fields[4])
    else { return nil }
    var answer: Answer?
    if fields[5] != "-" || fields[6] != "-" {
      guard let question = Int(fields[5]), let choice = Int(fields[6]) else { return nil }
      answer = Answer(question: question, choice: choice)
    }
    self.init(
      name: String(fields[7]), since: since, answer: answer, points: points, score: score, place: place, moved: moved)
  }
}
