import Foundation
import ProcessSpawn
import Testing
import TriviaData

/// Data/questions.schema.json and the loader say the same of the same files: a file the
/// schema accepts, the game loads whole (no question skipped), and a file the schema refuses,
/// the game refuses or skips a question of. The schema is checked with Python's `jsonschema`
/// (Debian's python3-jsonschema, which `make test-tools` installs).
@Suite("The JSON Schema and the loader")
struct SchemaAgreementTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let schema = repository.appendingPathComponent("Data/questions.schema.json").path

  static let question =
    #"{"category": "Science", "difficulty": "easy", "type": "multiple", "question": "Symbol for gold?", "correct_answer": "Au", "incorrect_answers": ["Ag", "Fe"]}"#

  /// `question` with `field` set to `value` (raw JSON), or left out when `value` is nil.
  static func with(_ field: String, _ value: String?) -> String {
    var fields: [(String, String)] = [
      ("category", #""Science""#), ("difficulty", #""easy""#), ("type", #""multiple""#),
      ("question", #""Symbol for gold?""#), ("correct_answer", #""Au""#), ("incorrect_answers", #"["Ag", "Fe"]"#),
    ]
    if let index = fields.firstIndex(where: { $0.0 == field }) {
      if let value { fields[index].1 = value } else { fields.remove(at: index) }
    } else if let value {
      fields.append((field, value))
    }
    return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
  }

  static func file(_ questions: String...) -> String {
    #"{"schema": "trivia-questions/1", "questions": ["# + questions.joined(separator: ", ") + "]}"
  }

  static func boolean(_ correct: String, _ incorrect: String) -> String {
    with("type", #""boolean""#).replacingOccurrences(
      of: #""correct_answer": "Au""#, with: #""correct_answer": \#(correct)"#
    )
    .replacingOccurrences(of: #"["Ag", "Fe"]"#, with: "[\(incorrect)]")
  }

  /// Files both accept.
  static let good: [(String, String)] = [
    ("minimal", #"{"questions": [\#(question)]}"#),
    (
      "the $schema key first, as Data/questions.json has it",
      #"{"$schema": "./questions.schema.json", "schema": "trivia-questions/1", "questions": [\#(question)]}"#
    ),
    ("no level", file(with("difficulty", nil))),
    ("levels and types in any case, with spaces", file(with("difficulty", #"" Hard ""#), with("type", #""Multiple""#))),
    ("true and false", file(boolean(#""True""#, #""False""#), boolean(#""False""#, #""True""#))),
    ("fields the game passes over", #"{"source": "mine", "questions": [\#(with("check", #""Britannica""#))]}"#),
    ("one wrong answer, and text beyond ASCII", file(with("question", #""Où est Zürich?""#))),
    ("a time of its own, at both ends", file(with("seconds", "5"), with("seconds", "120"))),
  ]

  /// Files the schema refuses and the loader refuses or skips a question of.
  static let bad: [(String, String)] = [
    ("not an object", "[\(question)]"),
    ("no questions", #"{"schema": "trivia-questions/1"}"#),
    ("an empty list", #"{"questions": []}"#),
    ("questions not a list", #"{"questions": {}}"#),
    ("another schema", #"{"schema": "trivia-questions/2", "questions": [\#(question)]}"#),
    ("a question not an object", file(question, "3")),
    ("no category", file(with("category", nil))),
    ("no right answer", file(with("correct_answer", nil))),
    ("an unknown level", file(with("difficulty", #""extreme""#))),
    ("a level not a string", file(with("difficulty", "2"))),
    ("an unknown type", file(with("type", #""essay""#))),
    ("an empty question", file(with("question", #""   ""#))),
    ("no wrong answers", file(with("incorrect_answers", "[]"))),
    ("a wrong answer not a string", file(with("incorrect_answers", #"["Ag", 2]"#))),
    ("an empty wrong answer", file(with("incorrect_answers", #"["Ag", " "]"#))),
    ("a wrong answer twice", file(with("incorrect_answers", #"["Ag", "Ag"]"#))),
    ("a boolean answered Yes", file(boolean(#""Yes""#, #""No""#))),
    ("a boolean True and True", file(boolean(#""True""#, #""True""#))),
    ("a boolean with three answers", file(boolean(#""True""#, #""False", "Maybe""#))),
    ("a time too short", file(with("seconds", "4"))),
    ("a time too long", file(with("seconds", "121"))),
    ("a time not whole", file(with("seconds", "12.5"))),
    ("a time as text", file(with("seconds", #""20""#))),
  ]

  /// What JSON Schema cannot say: its validator accepts these, and the loader refuses them
  /// (trivia check reports them as errors).
  static let beyondTheSchema: [(String, String)] = [
    ("the right answer also among the wrong ones", file(with("incorrect_answers", #"["Au", "Ag"]"#))),
    ("answers the same once trimmed", file(with("incorrect_answers", #"["Ag", " Ag"]"#))),
  ]

  /// Whether the game loads the file whole.
  static func loads(_ text: String) -> Bool {
    guard let bank = try? QuestionFormat.decode(Array(text.utf8), name: "case.json") else { return false }
    return bank.skipped.isEmpty
  }

  /// Whether the schema accepts each file, by Python's jsonschema (Draft 2020-12).
  static func schemaAccepts(_ texts: [String]) throws -> [Bool] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trivia-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, text) in texts.enumerated() {
      let path = folder.appendingPathComponent("\(index).json").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let script = """
      import json, sys
      import jsonschema
      schema = json.load(open(sys.argv[1], encoding="utf-8"))
      jsonschema.Draft202012Validator.check_schema(schema)
      validator = jsonschema.Draft202012Validator(schema)
      for path in sys.argv[2:]:
          print("valid" if validator.is_valid(json.load(open(path, encoding="utf-8"))) else "invalid")
      """
    let run = try Child.run("/usr/bin/python3", arguments: ["-c", script, schema] + paths)
    try #require(
      run.status == 0, "python3 with jsonschema (make test-tools installs python3-jsonschema): \(run.errorText)")
    return run.outputText.split(separator: "\n").map { $0 == "valid" }
  }

  @Test func theyAgreeOnGoodAndBadFiles() throws {
    let cases = Self.good + Self.bad
    let accepted = try Self.schemaAccepts(cases.map(\.1))
    try #require(accepted.count == cases.count)
    for (index, (name, text)) in cases.enumerated() {
      let isGood = index < Self.good.count
      #expect(accepted[index] == isGood, "the schema on \(name)")
      #expect(Self.loads(text) == isGood, "the loader on \(name)")
    }
  }

  @Test func whatTheSchemaCannotSayTheLoaderRefuses() throws {
    let accepted = try Self.schemaAccepts(Self.beyondTheSchema.map(\.1))
    for (index, (name, text)) in Self.beyondTheSchema.enumerated() {
      #expect(accepted[index], "the schema on \(name)")
      #expect(!Self.loads(text), "the loader on \(name)")
    }
  }

  @Test func theBundledBankNamesTheSchemaAndMeetsIt() throws {
    let path = Self.repository.appendingPathComponent("Data/questions.json").path
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("{\n  \"$schema\": \"./questions.schema.json\",\n"))
    #expect(try Self.schemaAccepts([text]) == [true])
    #expect(Self.loads(text))
  }
}
