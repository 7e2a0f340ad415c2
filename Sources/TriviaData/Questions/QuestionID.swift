/// A question's identity across files and paths: the same text and right answer, whatever
/// their case or spacing, give the same id. History keys every answer by it; a bank makes it
/// from the bytes it holds, without making the question.
public enum QuestionID {
  /// FNV-1a (64 bits) over the folded text, a zero byte, the folded answer, as SQLite's
  /// integer: 8 bytes a row, not the 17 of its hex.
  public static func make(text: String, answer: String) -> Int64 {
    // Through the bytes: folding a `String` by `Character` costs a hundred times more, and
    // every answer kept makes an id.
    var text = text
    var answer = answer
    return text.withUTF8 { text in answer.withUTF8 { answer in make(text: text, answer: answer) } }
  }

  /// `make(text:answer:)` by `Character`, for text that is not all ASCII.
  private static func makeFolding(text: String, answer: String) -> Int64 {
    var hash = FNV()
    for byte in folded(text).utf8 { hash.add(byte) }
    hash.add(0)
    for byte in folded(answer).utf8 { hash.add(byte) }
    return hash.value
  }

  /// The same id from UTF-8 bytes, as a reader holds them. Text that is all ASCII, nearly
  /// all of it, is folded byte by byte; anything else goes the way of `make(text:answer:)`.
  static func make(text: UnsafeBufferPointer<UInt8>, answer: UnsafeBufferPointer<UInt8>) -> Int64 {
    guard isASCII(text), isASCII(answer) else {
      return makeFolding(
        text: String(decoding: text, as: UTF8.self), answer: String(decoding: answer, as: UTF8.self))
    }
    var hash = FNV()
    addFolded(text, to: &hash)
    hash.add(0)
    addFolded(answer, to: &hash)
    return hash.value
  }

  /// Lower case, runs of spaces as one, none at either end.
  static func folded(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// `folded` for ASCII: the spaces are Unicode's White_Space among ASCII (tab to carriage
  /// return, and space).
  private static func addFolded(_ bytes: UnsafeBufferPointer<UInt8>, to hash: inout FNV) {
    var pendingSpace = false
    var started = false
    for byte in bytes {
      if byte == 0x20 || (0x09...0x0D).contains(byte) {
        pendingSpace = started
        continue
      }
      if pendingSpace {
        hash.add(0x20)
        pendingSpace = false
      }
      started = true
      hash.add((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
    }
  }

  private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var any: UInt8 = 0
    for byte in bytes { any |= byte }
    return any < 0x80
  }

  private struct FNV {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
      hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3
    }

    var value: Int64 { Int64(bitPattern: hash) }
  }
}
