/// Windows-1252, the Latin-1 superset that old files and old web pages were written in.
enum Windows1252 {
  /// The characters of bytes 0x80–0x9F; the five bytes the code page leaves undefined are
  /// U+FFFD, as Python's `cp1252` codec gives with `errors="replace"`.
  private static let high: [UInt16] = [
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
  ]

  /// The character `byte` stands for.
  static func scalar(_ byte: UInt8) -> Unicode.Scalar {
    if (0x80...0x9F).contains(byte) { return Unicode.Scalar(high[Int(byte - 0x80)])! }
    return Unicode.Scalar(byte)
  }

  /// `body` of the file's text as UTF-8: `bytes` themselves when they are well-formed UTF-8,
  /// else each byte read as Windows-1252 (a file saved by an old Windows editor, or Excel's
  /// plain "CSV"), converted into a buffer that lasts as long as `body`.
  static func withUTF8<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if UTF8Check.isValid(bytes) { return body(bytes) }
    var converted = ByteBuffer(capacity: bytes.count * 2)
    defer { converted.deallocate() }
    appendAsUTF8(bytes, to: &converted)
    return body(converted.elements)
  }

  /// Appends `bytes`, read as Windows-1252, to `output` as UTF-8.
  static func appendAsUTF8(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout some UTF8Sink) {
    for byte in bytes {
      if byte < 0x80 {
        output.append(byte)
      } else {
        let value = scalar(byte).value
        if value < 0x800 {
          output.append(0xC0 | UInt8(value >> 6))
          output.append(0x80 | UInt8(value & 0x3F))
        } else {
          output.append(0xE0 | UInt8(value >> 12))
          output.append(0x80 | UInt8((value >> 6) & 0x3F))
          output.append(0x80 | UInt8(value & 0x3F))
        }
      }
    }
  }
}

/// Somewhere to put bytes, such as the OpenTriviaQA reader's own buffer.
protocol UTF8Sink {
  mutating func append(_ byte: UInt8)
}
