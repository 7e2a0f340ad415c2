/// Python's `str.isspace`, on UTF-8: what `strip()` removes.
enum PythonSpace {
  /// The length of the space character ending at `end`, or 0.
  static func lengthBefore(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
    let last = bytes[end - 1]
    if last < 0x80 {
      switch last {
      case 0x09...0x0D, 0x1C...0x20: return 1
      default: return 0
      }
    }
    if end >= 2, bytes[end - 2] == 0xC2, last == 0x85 || last == 0xA0 { return 2 }
    guard end >= 3 else { return 0 }
    return isThreeByteSpace(bytes[end - 3], bytes[end - 2], last) ? 3 : 0
  }

  /// The length of the space character starting at `start`, or 0.
  static func lengthAt(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) -> Int {
    let first = bytes[start]
    if first < 0x80 {
      switch first {
      case 0x09...0x0D, 0x1C...0x20: return 1
      default: return 0
      }
    }
    let remaining = bytes.count - start
    if remaining >= 2, first == 0xC2, bytes[start + 1] == 0x85 || bytes[start + 1] == 0xA0 { return 2 }
    guard remaining >= 3 else { return 0 }
    return isThreeByteSpace(first, bytes[start + 1], bytes[start + 2]) ? 3 : 0
  }

  /// U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
  static func isThreeByteSpace(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> Bool {
    switch (a, b) {
    case (0xE1, 0x9A): c == 0x80
    case (0xE2, 0x80): (0x80...0x8A).contains(c) || c == 0xA8 || c == 0xA9 || c == 0xAF
    case (0xE2, 0x81): c == 0x9F
    case (0xE3, 0x80): c == 0x80
    default: false
    }
  }

  /// Where the text ends once trailing spaces are dropped.
  static func trimmedEnd(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int {
    var end = end
    while end > 0 {
      let length = lengthBefore(bytes, end: end)
      if length == 0 { break }
      end -= length
    }
    return end
  }

  /// Where the text from `start` begins once leading spaces are dropped.
  static func trimmedStart(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var start = start
    while start < bytes.count {
      let length = lengthAt(bytes, start: start)
      if length == 0 { break }
      start += length
    }
    return start
  }

  /// Drops the spaces at either end of `bytes[first...]`, the text just appended there.
  static func strip(_ bytes: inout [UInt8], from first: Int) {
    let (start, end) = bytes.withUnsafeBufferPointer { whole in
      let text = UnsafeBufferPointer(rebasing: whole[first...])
      let end = trimmedEnd(text, end: text.count)
      return (first + min(trimmedStart(text, from: 0), end), first + end)
    }
    bytes.removeSubrange(end...)
    bytes.removeSubrange(first..<start)
  }

  /// `bytes[start...]` without spaces at either end.
  static func stripped(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UnsafeBufferPointer<UInt8> {
    let end = trimmedEnd(bytes, end: bytes.count)
    let start = min(trimmedStart(bytes, from: start), max(start, end))
    return UnsafeBufferPointer(rebasing: bytes[start..<max(start, end)])
  }
}
