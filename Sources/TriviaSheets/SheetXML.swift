#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pull reader for the few elements of SpreadsheetML this program reads (a workbook's
/// sheets and relationships, shared strings, a sheet's rows and cells), byte by byte: no
/// libxml2 to install, and no tree of a sheet of 10,000 rows kept in memory.
///
/// It knows start and end tags, attributes, text and CDATA, and skips declarations,
/// comments and processing instructions. Names are compared without their prefix (`x:row`
/// is `row`), as writers that prefix SpreadsheetML's namespace are read the same.
struct SheetXML {
  enum Event {
    /// `<name attributes>`, or `<name attributes/>` when `empty`.
    case start(name: Range<Int>, attributes: Range<Int>, empty: Bool)
    case end(name: Range<Int>)
    /// Character data, entities not yet decoded (`text(_:)` decodes them).
    case text(Range<Int>)
    /// A CDATA section's content, taken as it is.
    case cdata(Range<Int>)
  }

  /// The part's bytes, borrowed for the reader's life (`reading(_:_:)`): a sheet is megabytes
  /// read a byte at a time, and an array's bounds checks and reference counts were a third of it.
  let bytes: UnsafeBufferPointer<UInt8>
  /// Whether the bytes end the part: when not, they are a piece of it as it is unpacked.
  let isLast: Bool
  private var index = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>, isLast: Bool) {
    self.bytes = bytes
    self.isLast = isLast
  }

  /// `body` with a reader of `bytes`, which must not outlive it; `isLast` false when more of
  /// the part comes after them.
  static func reading<T>(
    _ bytes: [UInt8], isLast: Bool = true, _ body: (inout SheetXML) throws(SheetError) -> T
  ) throws(SheetError) -> T {
    let result: Result<T, SheetError> = bytes.withUnsafeBufferPointer { buffer in
      var xml = SheetXML(buffer, isLast: isLast)
      do throws(SheetError) {
        return .success(try body(&xml))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// Where the reader is: what of its bytes it has taken.
  var place: Int { index }

  /// What `body` reads of a shape every writer gives (`<v>12</v></c>`), without an event a tag;
  /// nil, the reader where it was, when the bytes are another shape and `body` gives nil.
  mutating func readAhead<T>(_ body: (inout SheetXML) -> T?) -> T? {
    let mark = index
    if let read = body(&self) { return read }
    index = mark
    return nil
  }

  /// Whether the bytes at the reader's place are `literal`; if so, the reader is past them.
  mutating func skip(_ literal: StaticString) -> Bool {
    guard starts(with: literal) else { return false }
    index += literal.utf8CodeUnitCount
    return true
  }

  /// The character data from the reader's place to the next tag, the reader past it.
  mutating func textToTag() -> Range<Int> {
    let start = index
    index = find(UInt8(ascii: "<"), from: index)
    return start..<index
  }

  /// The bytes from the reader's place to the next `"` (a few: a cell's `B2`), the reader past
  /// that quote; nil when none comes before the end.
  mutating func quoted() -> Range<Int>? {
    var end = index
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
    guard end < bytes.count else { return nil }
    defer { index = end + 1 }
    return index..<end
  }

  /// The next event; nil at the end of the bytes, or, when they are not the part's last, at an
  /// event that reaches their end and may go on in the next piece (the reader left at its start).
  mutating func next() -> Event? {
    let start = index
    let event = scan()
    if !isLast, index >= bytes.count {
      index = start
      return nil
    }
    return event
  }

  private mutating func scan() -> Event? {
    let count = bytes.count
    guard index < count else { return nil }
    if bytes[index] != UInt8(ascii: "<") {
      let start = index
      index = find(UInt8(ascii: "<"), from: index)
      return .text(start..<index)
    }
    // Most tags are start tags: what else a `<` begins is told by the byte after it.
    let second = index + 1 < count ? bytes[index + 1] : 0
    if second == UInt8(ascii: "!"), starts(with: "<![CDATA[") {
      let start = index + 9
      index = find("]]>", from: start)
      defer { index = min(count, index + 3) }
      return .cdata(start..<index)
    }
    if second == UInt8(ascii: "!"), starts(with: "<!--") {
      index = min(count, find("-->", from: index + 4) + 3)
      return scan()
    }
    if second == UInt8(ascii: "?") || second == UInt8(ascii: "!") {
      index = min(count, find(UInt8(ascii: ">"), from: index) + 1)
      return scan()
    }
    if second == UInt8(ascii: "/") {
      let start = index + 2
      index = find(UInt8(ascii: ">"), from: start)
      var end = index
      while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
      index = min(count, index + 1)
      return .end(name: localName(start..<end))
    }
    var nameStart = index + 1
    var nameEnd = nameStart
    while nameEnd < count {
      let byte = bytes[nameEnd]
      if Self.isSpace(byte) || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { break }
      // The name without its prefix: what follows the last colon.
      if byte == UInt8(ascii: ":") { nameStart = nameEnd + 1 }
      nameEnd += 1
    }
    // The tag ends at the first `>` outside a quoted attribute value.
    var scan = nameEnd
    var quote: UInt8 = 0
    while scan < count {
      let byte = bytes[scan]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        break
      }
      scan += 1
    }
    let empty = scan > nameEnd && bytes[scan - 1] == UInt8(ascii: "/")
    let attributes = nameEnd..<(empty ? scan - 1 : scan)
    index = min(count, scan + 1)
    return .start(name: nameStart..<nameEnd, attributes: attributes, empty: empty)
  }

  /// Whether `name` (a range `next` gave) is `expected`.
  func isName(_ name: Range<Int>, _ expected: StaticString) -> Bool {
    isBytes(name, expected)
  }

  /// Whether the bytes of `range` are `expected`'s.
  @inline(__always)
  func isBytes(_ range: Range<Int>, _ expected: StaticString) -> Bool {
    guard range.count == expected.utf8CodeUnitCount else { return false }
    let start = expected.utf8Start
    for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
    return true
  }

  /// The decoded value of the attribute whose name, without its prefix, is `wanted`.
  func attribute(_ wanted: StaticString, in range: Range<Int>) -> String? {
    attributeValue(wanted, in: range).map(text)
  }

  /// Where the value of the attribute `wanted` is, entities not decoded: for the values read
  /// as numbers and letters (a cell's reference and type), which need no string.
  func attributeValue(_ wanted: StaticString, in range: Range<Int>) -> Range<Int>? {
    attributeValues(wanted, wanted, in: range).0
  }

  /// Where the values of the attributes `first` and `second` are, in one pass over `range`:
  /// a sheet's every cell has both a reference and a type.
  func attributeValues(
    _ first: StaticString, _ second: StaticString, in range: Range<Int>
  ) -> (Range<Int>?, Range<Int>?) {
    var found: (Range<Int>?, Range<Int>?) = (nil, nil)
    var index = range.lowerBound
    while index < range.upperBound {
      while index < range.upperBound, Self.isSpace(bytes[index]) { index += 1 }
      var nameStart = index
      while index < range.upperBound, bytes[index] != UInt8(ascii: "="), !Self.isSpace(bytes[index]) {
        if bytes[index] == UInt8(ascii: ":") { nameStart = index + 1 }
        index += 1
      }
      let name = nameStart..<index
      while index < range.upperBound, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
        index += 1
      }
      guard index < range.upperBound else { break }
      let quote = bytes[index]
      let valueStart = index + 1
      // Values here are a few bytes (`B2`, `s`): a loop, not `memchr`.
      index = valueStart
      while index < range.upperBound, bytes[index] != quote { index += 1 }
      if found.0 == nil, isName(name, first) {
        found.0 = valueStart..<index
      } else if found.1 == nil, isName(name, second) {
        found.1 = valueStart..<index
      }
      if found.0 != nil, found.1 != nil { break }
      index += 1
    }
    return found
  }

  /// Whether `byte` is in `range`.
  func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
    find(byte, from: range.lowerBound, before: range.upperBound) < range.upperBound
  }

  /// The text of `range` with XML's entities and character references decoded.
  func text(_ range: Range<Int>) -> String {
    guard contains(UInt8(ascii: "&"), in: range) else {
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      let semicolon = byte == UInt8(ascii: "&") ? find(UInt8(ascii: ";"), from: index, before: range.upperBound) : 0
      guard byte == UInt8(ascii: "&"), semicolon < range.upperBound else {
        out.append(byte)
        index += 1
        continue
      }
      let entity = String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<semicolon]), as: UTF8.self)
      if let scalar = Self.entity(entity) {
        out.append(contentsOf: String(Character(scalar)).utf8)
        index = semicolon + 1
      } else {
        out.append(byte)
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func entity(_ name: String) -> Unicode.Scalar? {
    switch name {
    case "lt": return "<"
    case "gt": return ">"
    case "amp": return "&"
    case "quot": return "\""
    case "apos": return "'"
    default:
      guard name.hasPrefix("#") else { return nil }
      let digits = name.dropFirst()
      let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      return value.flatMap(Unicode.Scalar.init)
    }
  }

  private func localName(_ range: Range<Int>) -> Range<Int> {
    guard let colon = bytes[range].lastIndex(of: UInt8(ascii: ":")) else { return range }
    return (colon + 1)..<range.upperBound
  }

  private func starts(with prefix: StaticString) -> Bool {
    let length = prefix.utf8CodeUnitCount
    guard index + length <= bytes.count, let base = bytes.baseAddress else { return false }
    // `memcmp`: the shapes read ahead (`</v></c>`) are most of a sheet's tags.
    return memcmp(base + index, prefix.utf8Start, length) == 0
  }

  /// Where `byte` is at or after `from` and before `end` (the end of the bytes by default), or
  /// `end`: by `memchr`, as most of a sheet is text and values between tags.
  private func find(_ byte: UInt8, from: Int, before end: Int? = nil) -> Int {
    let end = end ?? bytes.count
    guard from < end, let base = bytes.baseAddress,
      let found = memchr(base + from, Int32(byte), end - from)
    else { return end }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Where `needle` starts at or after `from`, or the end of the bytes.
  private func find(_ needle: StaticString, from: Int) -> Int {
    var index = from
    while true {
      index = find(needle.utf8Start.pointee, from: index)
      guard index + needle.utf8CodeUnitCount <= bytes.count else { return bytes.count }
      if isBytes(index..<(index + needle.utf8CodeUnitCount), needle) { return index }
      index += 1
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

extension String {
  /// SpreadsheetML's own escape undone: `_x000D_` is a carriage return (ST_Xstring), which
  /// Excel writes for characters XML cannot hold; `_x005F_` is the underscore that escapes one.
  var unescapingSpreadsheetML: String {
    // By bytes: String's `contains` of a string is Foundation's, and slow.
    guard utf8.contains(UInt8(ascii: "_")) else { return self }
    var out = ""
    var rest = Substring(self)
    while let start = rest.firstRange(of: "_x") {
      out += rest[..<start.lowerBound]
      let hex = rest[start.upperBound...].prefix(5)
      if hex.count == 5, hex.last == "_", let value = UInt32(hex.dropLast(), radix: 16),
        let scalar = Unicode.Scalar(value)
      {
        out.unicodeScalars.append(scalar)
        rest = rest[rest.index(start.upperBound, offsetBy: 5)...]
      } else {
        out += "_x"
        rest = rest[start.upperBound...]
      }
    }
    return out + rest
  }
}
