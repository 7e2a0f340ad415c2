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

  let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func next() -> Event? {
    let count = bytes.count
    guard index < count else { return nil }
    if bytes[index] != UInt8(ascii: "<") {
      let start = index
      while index < count, bytes[index] != UInt8(ascii: "<") { index += 1 }
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
      return next()
    }
    if second == UInt8(ascii: "?") || second == UInt8(ascii: "!") {
      index = min(count, find(">", from: index) + 1)
      return next()
    }
    if second == UInt8(ascii: "/") {
      let start = index + 2
      index = find(">", from: start)
      var end = index
      while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
      index = min(count, index + 1)
      return .end(name: localName(start..<end))
    }
    let nameStart = index + 1
    var nameEnd = nameStart
    while nameEnd < count, !Self.isSpace(bytes[nameEnd]), bytes[nameEnd] != UInt8(ascii: ">"),
      bytes[nameEnd] != UInt8(ascii: "/")
    {
      nameEnd += 1
    }
    // The tag ends at the first `>` outside a quoted attribute value.
    var scan = nameEnd
    var quote: UInt8?
    while scan < count {
      let byte = bytes[scan]
      if let open = quote {
        if byte == open { quote = nil }
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
    return .start(name: localName(nameStart..<nameEnd), attributes: attributes, empty: empty)
  }

  /// Whether `name` (a range `next` gave) is `expected`.
  func isName(_ name: Range<Int>, _ expected: StaticString) -> Bool {
    guard name.count == expected.utf8CodeUnitCount else { return false }
    let start = expected.utf8Start
    for offset in 0..<name.count where bytes[name.lowerBound + offset] != start[offset] { return false }
    return true
  }

  /// The decoded value of the attribute whose name, without its prefix, is `wanted`.
  func attribute(_ wanted: StaticString, in range: Range<Int>) -> String? {
    var index = range.lowerBound
    while index < range.upperBound {
      while index < range.upperBound, Self.isSpace(bytes[index]) { index += 1 }
      let nameStart = index
      while index < range.upperBound, bytes[index] != UInt8(ascii: "="), !Self.isSpace(bytes[index]) { index += 1 }
      let name = localName(nameStart..<index)
      while index < range.upperBound, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "'") {
        index += 1
      }
      guard index < range.upperBound else { return nil }
      let quote = bytes[index]
      let valueStart = index + 1
      index = valueStart
      while index < range.upperBound, bytes[index] != quote { index += 1 }
      if isName(name, wanted) { return text(valueStart..<index) }
      index += 1
    }
    return nil
  }

  /// The text of `range` with XML's entities and character references decoded.
  func text(_ range: Range<Int>) -> String {
    guard bytes[range].contains(UInt8(ascii: "&")) else {
      return String(decoding: bytes[range], as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "&"), let semicolon = bytes[index..<range.upperBound].firstIndex(of: UInt8(ascii: ";"))
      else {
        out.append(byte)
        index += 1
        continue
      }
      let entity = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
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
    guard index + length <= bytes.count else { return false }
    return prefix.withUTF8Buffer { bytes[index..<(index + length)].elementsEqual($0) }
  }

  /// Where `needle` starts at or after `from`, or the end of the bytes.
  private func find(_ needle: StaticString, from: Int) -> Int {
    needle.withUTF8Buffer { needle in
      var index = from
      while index + needle.count <= bytes.count {
        if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index += 1
      }
      return bytes.count
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
