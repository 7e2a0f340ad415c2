/// The wire protocol between `trivia --open LINK` and the game that owns the link socket.
///
/// One connection carries one link. The sender writes one line, `open <link>`, newline
/// included at most ``maximumMessageBytes`` bytes of UTF-8 without control characters, and
/// shuts down its writing side. The game answers with lines `<status>[ <detail>]`
/// (``LinkReply``) and closes the connection after the first whose ``LinkStatus`` is final:
///
///     → open trivia://options
///     ← opened
///
///     → open trivia://play?category=History
///     ← asking Abandon this round?
///     ← declined
///
/// `asking` is the one status that is not final: the player is being asked at their prompt,
/// and the final line follows their answer. Anything else a sender writes (too long, binary,
/// several lines, invalid UTF-8, cut before its newline, nothing within a deadline) is
/// answered `refused <reason>` and never becomes a request. Connecting and closing without a
/// byte is a probe (is a game listening, and which?) and is closed without a word. Only the
/// game's own user is served.
public enum LinkProtocol {
  /// The most a message may take, newline included: a link is an address, not a document,
  /// and the game holds no more than this for any sender.
  public static let maximumMessageBytes = 4096

  /// The request word before the link.
  static let verb = "open"

  /// The bytes a sender writes for `link`.
  public static func message(for link: String) -> [UInt8] {
    Array("\(verb) \(link)\n".utf8)
  }

  /// A duration as people read it in a message: "2 s", "0.25 s".
  static func seconds(_ duration: Duration) -> String {
    let (whole, fraction) = duration.components
    if fraction == 0 { return "\(whole) s" }
    return "\(Double(whole) + Double(fraction) / 1e18) s"
  }
}
