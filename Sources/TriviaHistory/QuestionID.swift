/// A question's identity across files and paths: the same text and right answer, whatever
/// their case or spacing, give the same id.
public enum QuestionID {
  /// 16 hex digits of FNV-1a (64 bits) over the folded text, a zero byte, the folded answer.
  public static func make(text: String, answer: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in folded(text).utf8 + [0] + folded(answer).utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// Lower case, runs of spaces as one, none at either end.
  static func folded(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
