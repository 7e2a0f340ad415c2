/// What a game that keeps no history (`--no-history`, `--record`) says when asked for
/// something only history knows: one sentence, in 80 columns, for each thing asked.
enum NoHistory {
  static func cannot(_ consequence: String) -> String {
    "This game keeps no history (--no-history, --record): \(consequence)."
  }
}
