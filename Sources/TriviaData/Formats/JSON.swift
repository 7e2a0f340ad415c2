/// A small JSON reader that remembers where each object starts, so errors can name a line.
///
/// Foundation's decoders report neither line nor column on Linux and are slower than we
/// want for large banks; this reads bytes once and builds plain values.
enum JSON: Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON], line: Int)
  case object(Object)

  struct Object: Equatable {
    let line: Int
    let members: [(key: String, value: JSON)]
    /// Where the object starts, its `{`, and where each member's name starts, in the order
    /// of `members`: kept only by a parse that locates (`locating: true`), else nil and empty.
    var start: SourcePosition?
    var memberPositions: [SourcePosition] = []

    subscript(key: String) -> JSON? {
      members.first { $0.key == key }?.value
    }

    /// Where the member `key` is written, when the parse located it.
    func position(of key: String) -> SourcePosition? {
      guard !memberPositions.isEmpty, let index = members.firstIndex(where: { $0.key == key }) else { return nil }
      return memberPositions[index]
    }

    static func == (lhs: Object, rhs: Object) -> Bool {
      lhs.line == rhs.line && lhs.members.elementsEqual(rhs.members) { $0 == $1 }
    }
  }

  /// The JSON type name, for messages such as "expected a string, found a number".
  var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  struct SyntaxError: Error, Equatable {
    let line: Int
    let column: Int
    let message: String
  }

  /// Parses a file's bytes, with a syntax error told as `name, line L, column C: what`.
  /// `locating` keeps where each object and member starts (`Object.start`).
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool = false
  ) throws(DataSourceError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.locating = locating
    return try parser.document(name: name)
  }

  static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSON {
    try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in
      var parser = JSONParser(bytes: buffer)
      return try parser.document()
    }
  }

  /// Parses a document whose top-level object holds a large array under `key`: its
  /// elements go to `element` one by one, with their place in the array and in the file, and
  /// are not kept (in the value returned, that array is empty). A bank of 50,000 questions
  /// never exists as one tree of values. The file position has a column only when `locating`.
  ///
  /// `plain`, when given, is offered each element first, the parser at its start: it reads
  /// the elements it can without making values, and returns true; or returns false with the
  /// parser where it was, and the element is read as a value and handed to `element`.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, streaming key: String, locating: Bool = false,
    plain: ((inout JSONParser) -> Bool)? = nil, element: @escaping (JSON, Int, SourcePosition) -> Void
  ) throws(DataSourceError) -> JSON {
    var parser = JSONParser(bytes: bytes)
    parser.stream = (key, element)
    parser.plain = plain
    parser.locating = locating
    return try parser.document(name: name)
  }
}

// MARK: Telling a document by its keys

extension JSON {
  /// Whether the bytes hold a JSON object, as far as the first character tells: `{` after a
  /// byte-order mark and spaces.
  static func startsWithObject(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    return parser.take("{")
  }

  /// The first of `keys` among the keys of the top-level object, read in order: a file of
  /// megabytes is told after a few bytes when one comes first. Values before it are read
  /// and dropped. Nil when none of them comes before the object ends or the JSON breaks.
  static func firstTopLevelKey(in bytes: UnsafeBufferPointer<UInt8>, among keys: Set<String>) -> String? {
    var parser = JSONParser(bytes: bytes)
    parser.skipSpace()
    guard parser.take("{") else { return nil }
    do {
      try parser.enter()
      parser.skipSpace()
      guard !parser.take("}") else { return nil }
      repeat {
        let key = try parser.memberKey()
        if keys.contains(key) { return key }
        _ = try parser.value()
      } while try parser.anotherMember()
    } catch {}
    return nil
  }

  /// Whether `"key"`, spaces, then `:` occur anywhere, at any depth, in JSON that may not be
  /// readable at all: a key by its look alone, to tell what broken JSON was meant to be.
  static func mentionsKey(_ key: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var parser = JSONParser(bytes: bytes)
    var start = 0
    while let quote = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) {
      start = quote + 1
      parser.index = start
      guard parser.take(key), parser.take("\"") else { continue }
      parser.skipSpace()
      if parser.take(":") { return true }
    }
    return false
  }
}

/// Reads JSON a byte at a time; `JSON.parse` is its way in. Internal so that a reader of a
/// format may take over an element it knows how to read faster (`stream.plain`).
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  var line = 1
  var lineStart = 0
  var depth = 0
  /// The top-level array whose elements are handed on rather than kept, and to what.
  var stream: (key: String, element: (JSON, Int, SourcePosition) -> Void)?
  /// What may read an element of that array faster (see `JSON.parse`).
  var plain: ((inout JSONParser) -> Bool)?
  /// Whether objects keep where they and their members start; counting columns costs a pass
  /// over each line's characters, which only tools that point at places pay for.
  var locating = false
  /// The last column counted, and where: counting goes on from there along the same line, so
  /// a file that is all one line is not counted again for each object.
  var counted: (index: Int, column: Int) = (0, 1)

  static let maximumDepth = 256

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    // A UTF-8 byte-order mark is not part of the text.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
  }

  mutating func document() throws(JSON.SyntaxError) -> JSON {
    skipSpace()
    let value = try self.value()
    skipSpace()
    guard index == bytes.count else {
      throw error("unexpected \(describe(bytes[index])) after the end of the JSON value")
    }
    return value
  }

  /// The document, with a syntax error told as `name, line L, column C: what`.
  mutating func document(name: String) throws(DataSourceError) -> JSON {
    do {
      return try document()
    } catch {
      throw DataSourceError(
        file: name, position: SourcePosition(line: error.line, column: error.column), reason: error.message)
    }
  }

  /// Where the parser is, with its column when locating.
  mutating func position() -> SourcePosition {
    guard locating else { return SourcePosition(line: line) }
    if counted.index < lineStart { counted = (lineStart, 1) }
    let end = min(index, bytes.count)
    // Structural characters (`{`, `"`) start a character, so counting may stop and go on there.
    counted.column += String(decoding: UnsafeBufferPointer(rebasing: bytes[counted.index..<end]), as: UTF8.self).count
    counted.index = end
    return SourcePosition(line: line, column: counted.column)
  }

  /// An error at the current position; the column counts characters, not bytes.
  func error(_ message: String) -> JSON.SyntaxError {
    let end = min(index, bytes.count)
    let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[min(lineStart, end)..<end]), as: UTF8.self).count
    return JSON.SyntaxError(line: line, column: column + 1, message: message)
  }

  func describe(_ byte: UInt8) -> String {
    switch byte {
    case 0x20...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
    default: "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
  }

  var foundDescription: String {
    index < bytes.count ? describe(bytes[index]) : "the end of the file"
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  mutating func value() throws(JSON.SyntaxError) -> JSON {
    guard index < bytes.count else { throw error("expected a value, found the end of the file") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("expected a value, found \(foundDescription)")
    }
  }

  mutating func literal(_ word: StaticString, _ value: JSON) throws(JSON.SyntaxError) -> JSON {
    guard take(word) else { throw error("expected \(word), found \(foundDescription)") }
    return value
  }

  /// Passes over `word` when the bytes here are that word; false, and stays, when not.
  mutating func take(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
    index += count
    return true
  }

  mutating func enter() throws(JSON.SyntaxError) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
  }

  mutating func object() throws(JSON.SyntaxError) -> JSON {
    try enter()
    defer { depth -= 1 }
    let startLine = line
    let start = locating ? position() : nil
    index += 1
    var members: [(key: String, value: JSON)] = []
    var positions: [SourcePosition] = []
    skipSpace()
    if take("}") { return .object(.init(line: startLine, members: members, start: start)) }
    repeat {
      if locating {
        skipSpace()
        positions.append(position())
      }
      let key = try memberKey()
      if depth == 1, let stream, key == stream.key, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
        members.append((key, try array(handingTo: stream.element)))
      } else {
        members.append((key, try value()))
      }
    } while try anotherMember()
    return .object(.init(line: startLine, members: members, start: start, memberPositions: positions))
  }

  /// A member's name and the `:` after it, with the spaces around them.
  mutating func memberKey() throws(JSON.SyntaxError) -> String {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      throw error("expected a field name in double quotes, found \(foundDescription)")
    }
    let key = try string()
    skipSpace()
    guard take(":") else { throw error("expected ':' after \"\(key)\", found \(foundDescription)") }
    skipSpace()
    return key
  }

  /// After a member: true at the `,` before another, false at the `}` that ends the object.
  mutating func anotherMember() throws(JSON.SyntaxError) -> Bool {
    skipSpace()
    if take(",") { return true }
    if take("}") { return false }
    throw error("expected ',' or '}', found \(foundDescription)")
  }

  /// An array; with `handingTo`, its elements go there instead of into the value.
  mutating func array(handingTo element: ((JSON, Int, SourcePosition) -> Void)? = nil) throws(JSON.SyntaxError) -> JSON
  {
    try enter()
    defer { depth -= 1 }
    let startLine = line
    index += 1
    var elements: [JSON] = []
    var count = 0
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements, line: startLine)
    }
    while true {
      skipSpace()
      if let element {
        if let plain, plain(&self) {
          // Read without making a value.
        } else {
          let place = position()
          element(try value(), count, place)
        }
      } else {
        elements.append(try value())
      }
      count += 1
      skipSpace()
      guard index < bytes.count else { throw error("expected ',' or ']', found the end of the file") }
      switch bytes[index] {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        return .array(elements, line: startLine)
      default: throw error("expected ',' or ']', found \(foundDescription)")
      }
    }
  }

  mutating func number() throws(JSON.SyntaxError) -> JSON {
    let start = index
    while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let number = Double(text) else {
      index = start
      throw error("'\(text)' is not a number")
    }
    return .number(number)
  }

  static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  mutating func string() throws(JSON.SyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw error(controlMessage(byte)) }
      index += 1
    }
    var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { break }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          let scalar = try unicodeEscape()
          utf8.append(contentsOf: String(Character(scalar)).utf8)
        default:
          index -= 2
          throw error("unknown escape '\\\(Character(Unicode.Scalar(escape)))' in a string")
        }
      default:
        if byte < 0x20 { throw error(controlMessage(byte)) }
        utf8.append(byte)
        index += 1
      }
    }
    throw error("a string is not closed before the end of the file")
  }

  func controlMessage(_ byte: UInt8) -> String {
    byte == 0x0A
      ? "a string is not closed before the end of the line"
      : "control character \(describe(byte)) inside a string; write it as an escape"
  }

  mutating func hex4() throws(JSON.SyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexValue(bytes[index]) else {
        throw error("\\u needs four hex digits, found \(describe(bytes[index]))")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// Reads the digits after `\u`, joining a surrogate pair; a lone surrogate becomes U+FFFD.
  mutating func unicodeEscape() throws(JSON.SyntaxError) -> Unicode.Scalar {
    let first = try hex4()
    if (0xD800..<0xDC00).contains(first), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    {
      let save = index
      index += 2
      let second = try hex4()
      if (0xDC00..<0xE000).contains(second) {
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
      }
      index = save
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }
}
