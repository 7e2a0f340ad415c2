/// A question's identity across files and paths: the same text and right answer, whatever
/// their case or spacing, give the same id.
public enum QuestionID {
  /// FNV-1a (64 bits) over the folded text, a zero byte, the folded answer, as SQLite's
  /// integer: 8 bytes a row, not the 17 of its hex.
  public static func make(text: String, answer: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in folded(text).utf8 + [0] + folded(answer).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }

  /// Lower case, runs of spaces as one, none at either end.
  static func folded(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
