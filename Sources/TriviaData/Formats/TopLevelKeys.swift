/// Tells a JSON question file from an Open Trivia DB response by the keys of its top-level
/// object, read in order until one decides: `"questions"`, or `"response_code"` and
/// `"results"`. Those come first in both formats, so a bank of megabytes is told apart
/// after a few bytes; values before them are skipped without being parsed.
enum TopLevelKeys {
  /// The format the first deciding key names; nil when none does, or the JSON is broken
  /// before one.
  static func format(of bytes: UnsafeBufferPointer<UInt8>, objectAt start: Int) -> QuestionFormat? {
    var scanner = Scanner(bytes: bytes, index: start + 1)
    while true {
      scanner.skipSpaces()
      guard let key = scanner.string() else { return nil }
      scanner.skipSpaces()
      guard scanner.take(UInt8(ascii: ":")) else { return nil }
      if key.elementsEqual("questions".utf8) { return .questionFile }
      if key.elementsEqual("response_code".utf8) || key.elementsEqual("results".utf8) { return .openTriviaDB }
      scanner.skipSpaces()
      guard scanner.skipValue() else { return nil }
      scanner.skipSpaces()
      guard scanner.take(UInt8(ascii: ",")) else { return nil }
    }
  }

  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    mutating func skipSpaces() {
      while index < bytes.count, QuestionFormat.isJSONSpace(bytes[index]) { index += 1 }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// A string's raw bytes, escapes left as they are; nil when there is none here.
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      let start = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          index += 1
          return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
        case UInt8(ascii: "\\"): index += 2
        default: index += 1
        }
      }
      return nil
    }

    /// Passes over one value, nested ones and all; false when it does not end.
    mutating func skipValue() -> Bool {
      var depth = 0
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          guard string() != nil else { return false }
          if depth == 0 { return true }
          continue
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          if depth == 0 { return true }
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        case UInt8(ascii: ","):
          if depth == 0 { return true }
        default: break
        }
        index += 1
      }
      return false
    }
  }
}
