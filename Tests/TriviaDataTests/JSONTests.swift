import Testing

@testable import TriviaData

@Suite("JSON reader")
struct JSONTests {
  func parse(_ text: String) throws -> JSON {
    try JSON.parse(Array(text.utf8))
  }

  @Test func readsEveryKindOfValue() throws {
    let value = try parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"y\\z\/\n\t\u00e9\ud83d\ude00"} "#)
    guard case .object(let object) = value else {
      Issue.record("expected an object")
      return
    }
    #expect(object["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null], line: 1))
    #expect(object["b"] == .string("x\"y\\z/\n\té😀"))
    #expect(object["missing"] == nil)
  }

  @Test func objectsRememberTheirLine() throws {
    guard case .array(let items, _) = try parse("[\n{},\n\n  {\"a\": 1}\n]") else {
      Issue.record("expected an array")
      return
    }
    let lines = items.compactMap { item -> Int? in
      if case .object(let object) = item { return object.line }
      return nil
    }
    #expect(lines == [2, 4])
  }

  @Test func aByteOrderMarkIsNotText() throws {
    #expect(try JSON.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)) == .array([], line: 1))
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    #expect(
      try JSON.parse(Array("[\"a".utf8) + [0xFF] + Array("b\"]".utf8)) == .array([.string("a\u{FFFD}b")], line: 1))
  }

  @Test func aLoneSurrogateBecomesAReplacementCharacter() throws {
    #expect(try parse(#"["\ud800x"]"#) == .array([.string("\u{FFFD}x")], line: 1))
  }

  @Test(arguments: [
    ("", 1, 1, "expected a value, found the end of the file"),
    ("{\"a\" 1}", 1, 6, "expected ':' after \"a\", found '1'"),
    ("{\n  \"a\": 1\n  \"b\": 2}", 3, 3, "expected ',' or '}', found '\"'"),
    ("[1,]", 1, 4, "expected a value, found ']'"),
    ("[1] x", 1, 5, "unexpected 'x' after the end of the JSON value"),
    ("{a: 1}", 1, 2, "expected a field name in double quotes, found 'a'"),
    ("[\"é\", x]", 1, 7, "expected a value, found 'x'"),
    ("[\"abc", 1, 6, "a string is not closed before the end of the file"),
    ("[\"ab\ncd\"]", 1, 5, "a string is not closed before the end of the line"),
    ("[\"\\q\"]", 1, 3, "unknown escape '\\q' in a string"),
    ("[\"\\u12G4\"]", 1, 7, "\\u needs four hex digits, found 'G'"),
    ("[tru]", 1, 2, "expected true, found 't'"),
    ("[1.2.3]", 1, 2, "'1.2.3' is not a number"),
    ("[-]", 1, 2, "'-' is not a number"),
  ])
  func errorsSayWhereAndWhat(text: String, line: Int, column: Int, message: String) {
    #expect(throws: JSON.SyntaxError(line: line, column: column, message: message)) { try parse(text) }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect(throws: JSON.SyntaxError.self) { try parse(text) }
  }
}
