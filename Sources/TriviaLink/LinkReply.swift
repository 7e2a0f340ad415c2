/// One line of the game's answer to a link: a status word and, for some, a detail such as the
/// question asked or the reason for a refusal.
public struct LinkReply: Equatable, Sendable, CustomStringConvertible {
  /// The most detail a line carries: the game writes replies without waiting, and a short
  /// line always fits in the socket's buffer.
  static let maximumDetailBytes = 1024

  public var status: LinkStatus
  public var detail: String

  public init(_ status: LinkStatus, _ detail: String = "") {
    self.status = status
    self.detail = detail
  }

  /// Reads a line the game wrote (without its newline); nil when it starts with no status.
  public init?(line: some StringProtocol) {
    let word = line.prefix { $0 != " " }
    guard let status = LinkStatus(rawValue: String(word)) else { return nil }
    self.init(status, String(line.dropFirst(word.count).drop { $0 == " " }))
  }

  /// The line on the wire, without its newline: control characters in the detail become
  /// spaces, so a reply is always one line, and a long detail is cut at a character.
  public var line: String {
    var cleaned = ""
    for character in detail {
      let control = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
      let next = control ? " " : String(character)
      if cleaned.utf8.count + next.utf8.count > Self.maximumDetailBytes { break }
      cleaned += next
    }
    return cleaned.isEmpty ? status.rawValue : "\(status.rawValue) \(cleaned)"
  }

  /// The line as sent, newline included.
  var wireBytes: [UInt8] { Array((line + "\n").utf8) }

  public var description: String { line }
}
