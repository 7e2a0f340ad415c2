/// Strict UTF-8 checks, as Python's `bytes.decode("utf-8")` makes them.
enum UTF8Check {
  /// Whether `bytes` is well-formed UTF-8: no stray continuation bytes, no overlong forms,
  /// no surrogates, nothing past U+10FFFF, no sequence cut short.
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      let length = sequenceLength(bytes, at: index)
      guard length > 0 else { return false }
      index += length
    }
    return true
  }

  /// The length of the well-formed sequence (2 to 4 bytes) that the byte at `index`, not
  /// ASCII, leads; 0 when it leads none.
  @inline(__always)
  static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch bytes[index] {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      high = 0x9F
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    let second = bytes[index + 1]
    guard second >= low, second <= high else { return 0 }
    for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return 0 }
    return length
  }
}
