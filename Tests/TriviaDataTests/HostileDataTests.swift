import FixtureFolders
import Foundation
import Testing

@testable import TriviaData

/// Files no one should write, read without crashing, hanging or eating memory: each is
/// refused with a reason a player can act on, or gives a sensible bank.
@Suite("Hostile data")
struct HostileDataTests {
  static let megabyte = 1 << 20

  /// The reason `body` throws, or nil when it does not.
  func reason(_ body: () throws -> QuestionBank) -> String? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? DataSourceError)?.message ?? "\(error)"
    }
  }

  func questionFile(_ questions: [String]) -> [UInt8] {
    Array(("{\"schema\": \"trivia-questions/1\", \"questions\": [" + questions.joined(separator: ",") + "]}").utf8)
  }

  /// A good question in JSON, with some fields' JSON replaced.
  func jsonQuestion(_ replacing: [String: String] = [:]) -> String {
    let fields = [
      ("category", "\"C\""), ("difficulty", "\"easy\""), ("type", "\"multiple\""), ("question", "\"Q\""),
      ("correct_answer", "\"A\""), ("incorrect_answers", "[\"B\"]"),
    ]
    return "{" + fields.map { "\"\($0.0)\": \(replacing[$0.0] ?? $0.1)" }.joined(separator: ", ") + "}"
  }

  // MARK: Lines of a megabyte

  @Test func aMegabyteLineOfOpenTriviaQAIsOneQuestion() throws {
    let long = String(repeating: "x", count: Self.megabyte)
    let bank = try OpenTriviaQAFormat.decode(Array("#Q \(long)\n^ A\nA A\nB \(long)\n".utf8), name: "long")
    #expect(bank.questions.count == 1)
    #expect(bank.questions.first?.text == long)
    #expect(bank.questions.first?.incorrectAnswers == [long])
  }

  @Test func aMegabyteLineWithNoBlockIsNoQuestionFile() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: Self.megabyte)
    #expect(
      reason { try OpenTriviaQAFormat.decode(bytes, name: "a.txt") }
        == "a.txt: no usable questions; 0 skipped (no line starts with #Q)")
    #expect(
      reason { try QuestionFormat.decode(bytes, name: "a.txt") }
        == "a.txt: not a question file; \(QuestionFormat.expectation)")
  }

  @Test func aMegabyteJSONStringIsKept() throws {
    let long = String(repeating: "é", count: Self.megabyte / 2)
    let bank = try QuestionFileFormat.decode(questionFile([jsonQuestion(["question": "\"\(long)\""])]), name: "q.json")
    #expect(bank.questions.first?.text == long)
  }

  @Test func aMegabyteLineOfQuestionsIsRead() throws {
    // About 1 MB, all on line 1, as a minifier writes it.
    let questions = (0..<12_000).map { jsonQuestion(["question": "\"Question \($0)\""]) }
    let bytes = questionFile(questions)
    #expect(bytes.count > Self.megabyte)
    #expect(!bytes.contains(0x0A))
    let bank = try QuestionFileFormat.decode(bytes, name: "q.json")
    #expect(bank.questions.count == 12_000)
  }

  @Test func aMegabyteOfSpacesIsNotJSON() {
    let bytes = [UInt8](repeating: UInt8(ascii: " "), count: Self.megabyte)
    #expect(
      reason { try QuestionFileFormat.decode(bytes, name: "q.json") }
        == "q.json, line 1, column \(Self.megabyte + 1): expected a value, found the end of the file")
  }

  // MARK: Ten thousand options

  @Test func tenThousandOptionsInOpenTriviaQA() throws {
    let options = (1...10_000).map { "Option \($0)" }
    let text = "#Q Which?\n^ Option 5000\n" + options.map { "A \($0)\n" }.joined()
    let bank = try OpenTriviaQAFormat.decode(Array(text.utf8), name: "many")
    #expect(bank.questions.first?.correctAnswer == "Option 5000")
    #expect(bank.questions.first?.incorrectAnswers.count == 9_999)
  }

  @Test func tenThousandOptionsInJSON() throws {
    let wrong = (1..<10_000).map { "\"Option \($0)\"" }.joined(separator: ",")
    let bank = try QuestionFileFormat.decode(
      questionFile([jsonQuestion(["correct_answer": "\"Option 0\"", "incorrect_answers": "[\(wrong)]"])]),
      name: "q.json")
    #expect(bank.questions.first?.incorrectAnswers.count == 9_999)

    let repeated = try QuestionFileFormat.decode(
      questionFile([
        jsonQuestion(), jsonQuestion(["correct_answer": "\"Option 1\"", "incorrect_answers": "[\(wrong)]"]),
      ]), name: "q.json")
    #expect(repeated.skipped.map(\.reason) == ["question 2: the answers must all be different"])
  }

  // MARK: Empty input and empty strings

  @Test func emptyFilesAreRefused() {
    #expect(
      reason { try QuestionFileFormat.decode([], name: "e") }
        == "e, line 1, column 1: expected a value, found the end of the file")
    #expect(
      reason { try OpenTriviaDBFormat.decode([], name: "e") }
        == "e, line 1, column 1: expected a value, found the end of the file")
    #expect(
      reason { try OpenTriviaQAFormat.decode([], name: "e") }
        == "e: no usable questions; 0 skipped (no line starts with #Q)")
    #expect(
      reason { try QuestionFormat.decode([], name: "e") }
        == "e: not a question file; \(QuestionFormat.expectation)")
    #expect(
      reason { try QuestionFileFormat.decode(Array("{}".utf8), name: "e") }
        == "e, line 1: missing the \"questions\" array")
    #expect(
      reason { try QuestionFileFormat.decode(Array(#"{"questions": []}"#.utf8), name: "e") }
        == "e, line 1: the \"questions\" array is empty")
  }

  @Test(arguments: ["category", "difficulty", "type", "question", "correct_answer"])
  func anEmptyFieldSkipsTheQuestion(field: String) throws {
    for empty in ["\"\"", "\"  \\t\\n \""] {
      let question = jsonQuestion([field: empty])
      let bank = try QuestionFileFormat.decode(questionFile([jsonQuestion(), question]), name: "q.json")
      #expect(bank.questions.count == 1)
      #expect(bank.skipped.map(\.reason) == ["question 2: \"\(field)\" is empty"])
    }
  }

  @Test func emptyWrongAnswersSkipTheQuestion() throws {
    let bank = try QuestionFileFormat.decode(
      questionFile([
        jsonQuestion(), jsonQuestion(["incorrect_answers": "[]"]), jsonQuestion(["incorrect_answers": "[\"\"]"]),
      ]), name: "q.json")
    #expect(
      bank.skipped.map(\.reason) == [
        "question 2: \"incorrect_answers\" must not be empty",
        "question 3: \"incorrect_answers\"[0] is empty",
      ])
  }

  @Test func anOpenTriviaQABlockOfEmptyLinesIsSkipped() {
    #expect(
      reason { try OpenTriviaQAFormat.decode(Array("#Q \n^ \nA \nB \n".utf8), name: "e") }
        == "e: no usable questions; 1 skipped (e:1: too few options: a question needs at least two different ones)")
    #expect(
      reason { try OpenTriviaQAFormat.decode(Array("#Q\n^ x\nA x\nB y\n".utf8), name: "e") }
        == "e: no usable questions; 1 skipped (e:1: the question has no text)")
  }

  // MARK: Wrong JSON types

  static let wrongValues = [
    ("1", "a number"), ("true", "a boolean"), ("null", "null"), ("[]", "an array"), ("{}", "an object"),
  ]

  @Test(arguments: ["category", "difficulty", "type", "question", "correct_answer"])
  func aTextFieldOfAnotherTypeSkipsTheQuestion(field: String) throws {
    for (value, name) in Self.wrongValues {
      let question = jsonQuestion([field: value])
      let bank = try QuestionFileFormat.decode(questionFile([jsonQuestion(), question]), name: "q.json")
      #expect(bank.skipped.map(\.reason) == ["question 2: \"\(field)\" must be a string, found \(name)"])
    }
  }

  @Test func wrongAnswerListsOfAnotherTypeSkipTheQuestion() throws {
    for (value, name) in Self.wrongValues + [("\"B\"", "a string")] where value != "[]" {
      let bank = try QuestionFileFormat.decode(
        questionFile([jsonQuestion(), jsonQuestion(["incorrect_answers": value])]), name: "q.json")
      #expect(
        bank.skipped.map(\.reason) == ["question 2: \"incorrect_answers\" must be an array of strings, found \(name)"])
    }
    for (value, name) in Self.wrongValues {
      let bank = try QuestionFileFormat.decode(
        questionFile([jsonQuestion(), jsonQuestion(["incorrect_answers": "[\"B\", \(value)]"])]), name: "q.json")
      #expect(
        bank.skipped.map(\.reason) == ["question 2: \"incorrect_answers\"[1] must be a non-empty string, found \(name)"]
      )
    }
  }

  @Test func questionsOfAnotherTypeAreSkipped() throws {
    let bank = try QuestionFileFormat.decode(
      questionFile(["1", "\"q\"", "null", "[]", jsonQuestion()]), name: "q.json")
    #expect(bank.questions.count == 1)
    #expect(
      bank.skipped.map(\.reason) == [
        "question 1: expected an object, found a number", "question 2: expected an object, found a string",
        "question 3: expected an object, found null", "question 4: expected an object, found an array",
      ])
  }

  @Test func aRootOrListOfAnotherTypeIsRefused() {
    for (value, name) in Self.wrongValues + [("\"x\"", "a string")] where value != "{}" {
      #expect(
        reason { try QuestionFileFormat.decode(Array(value.utf8), name: "q") }
          == "q, line 1: expected an object with a \"questions\" array, found \(name)")
      guard value != "[]" else { continue }
      let list = Array("{\"questions\": \(value)}".utf8)
      #expect(
        reason { try QuestionFileFormat.decode(list, name: "q") }
          == "q, line 1: \"questions\" must be an array, found \(name)")
    }
  }

  @Test func anOpenTriviaDBResponseOfWrongTypesIsRefused() {
    func refusal(_ text: String) -> String? {
      reason { try OpenTriviaDBFormat.decode(Array(text.utf8), name: "r") }
    }
    #expect(
      refusal("[]")
        == "r: expected an Open Trivia DB response (an object with \"response_code\" and \"results\"), found an array")
    #expect(refusal(#"{"response_code": "0", "results": []}"#) == "r, line 1: \"response_code\" must be a whole number")
    #expect(refusal(#"{"response_code": 0.5, "results": []}"#) == "r, line 1: \"response_code\" must be a whole number")
    #expect(
      refusal(#"{"response_code": 1e300, "results": []}"#) == "r, line 1: \"response_code\" must be a whole number")
    #expect(
      refusal(#"{"response_code": 0, "results": {}}"#) == "r, line 1: \"results\" must be an array, found an object")
    #expect(
      refusal(#"{"response_code": 0, "results": [1, null]}"#)
        == "r: no usable questions; 2 skipped (r: result 1: expected an object, found a number)")
    #expect(
      refusal(#"{"response_code": 0, "results": [{"category": [], "type": 1}]}"#)
        == "r: no usable questions; 1 skipped (r: result 1: \"category\" must be a string, found an array)")
  }

  // MARK: Deep nesting

  @Test func deeplyNestedJSONIsRefusedWithoutOverflowingTheStack() {
    let arrays = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(
      reason { try QuestionFileFormat.decode(arrays, name: "q") }
        == "q, line 1, column 257: nested deeper than 256 levels")
    let objects = Array(String(repeating: #"{"questions":"#, count: 100_000).utf8)
    #expect(
      reason { try QuestionFileFormat.decode(objects, name: "q") }?
        .hasSuffix("nested deeper than 256 levels") == true)
    let inQuestion = jsonQuestion(["question": String(repeating: "[", count: 300)])
    #expect(
      reason { try OpenTriviaDBFormat.decode(questionFile([inQuestion]), name: "q") }?
        .hasSuffix("nested deeper than 256 levels") == true)
  }

  @Test func nestingWithinTheLimitIsAWrongTypeNotACrash() throws {
    let nested = String(repeating: "[", count: 250) + String(repeating: "]", count: 250)
    let bank = try QuestionFileFormat.decode(
      questionFile([jsonQuestion(), jsonQuestion(["question": nested])]), name: "q")
    #expect(bank.skipped.map(\.reason) == ["question 2: \"question\" must be a string, found an array"])
  }

  // MARK: Sources that are not files

  @Test func aTwoGigabyteSparseFileIsRefusedQuicklyWithoutReadingIt() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/huge.json"
    let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
    try #require(descriptor >= 0)
    #expect(ftruncate(descriptor, 2 << 30) == 0)
    close(descriptor)

    let before = peakMemory()
    let refusal = await loadReason(FileDataSource(path: path))
    #expect(refusal == "\(path): 2147483648 bytes is more than the 256 MB a question file may have")
    // Reading it would take 2 GB; other tests running meanwhile take far less than 1 GB.
    #expect(peakMemory() - before < 1 << 30)

    // In a folder, it is listed as ignored and the other files still load.
    try folder.write("good.json", questionFile([jsonQuestion()]))
    let bank = try await DirectoryDataSource(path: folder.path).load(LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.questions.count == 1)
    #expect(
      bank.filesIgnored.map(\.description) == [
        "huge.json: 2147483648 bytes is more than the 256 MB a question file may have"
      ])
  }

  @Test func devZeroIsRefusedWithinSeconds() async throws {
    try #require(FileManager.default.fileExists(atPath: "/dev/zero"))
    // Refused before a byte is read: a device is not a question file.
    let refusal = await loadReason(FileDataSource(path: "/dev/zero"), within: .seconds(20))
    #expect(refusal == "/dev/zero: is a device, not a question file", "\(refusal ?? "no answer within 20 seconds")")
  }

  @Test func aNamedPipeNobodyWritesToIsRefusedNotWaitedOnForEver() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/pipe"
    try #require(mkfifo(path, 0o600) == 0)
    let start = ContinuousClock.now
    #expect(throws: DataSourceError("\(path): is a pipe, and nothing was written to it within 0.5 seconds")) {
      var reader = FileReader()
      defer { reader.deallocate() }
      _ = try reader.read(path, limit: 1 << 20, pipeWait: 500)
    }
    #expect(ContinuousClock.now - start < .seconds(10))
  }

  @Test func aNamedPipeIsReadWhenItsWriterComesLater() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/pipe"
    try #require(mkfifo(path, 0o600) == 0)
    let text = "#Q Which pipe?\n^ This one\nA This one\nB That one\n"
    // The writer opens the pipe only after the reader has, as `cat q.txt > pipe` would.
    let writer = Thread {
      Thread.sleep(forTimeInterval: 0.3)
      let descriptor = open(path, O_WRONLY)
      guard descriptor >= 0 else { return }
      _ = text.withCString { write(descriptor, $0, strlen($0)) }
      close(descriptor)
    }
    writer.start()
    let bank = try await FileDataSource(path: path).load(LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.questions.map(\.correctAnswer) == ["This one"])
  }

  @Test func aFolderIsRefusedAsAFile() async throws {
    let folder = try TemporaryFolder()
    #expect(
      await loadReason(FileDataSource(path: folder.path)) == "\(folder.path): is a folder, expected a question file")
  }

  // MARK: Bytes that are not text

  @Test func invalidUTF8InAJSONStringBecomesReplacementCharacters() throws {
    var bytes = questionFile([jsonQuestion(["question": "\"Caf\u{1}\""])])
    bytes[bytes.firstIndex(of: 0x01)!] = 0xE9
    let bank = try QuestionFileFormat.decode(bytes, name: "q")
    #expect(bank.questions.first?.text == "Caf\u{FFFD}")
  }

  @Test func invalidUTF8OutsideAStringIsASyntaxErrorWithItsPlace() {
    let bytes: [UInt8] = Array("{\n  \"questions\": ".utf8) + [0xFF, 0xFE]
    #expect(
      reason { try QuestionFileFormat.decode(bytes, name: "q") }
        == "q, line 2, column 16: expected a value, found byte 0xFF")
    let cut: [UInt8] = Array("{\"questions\": [\"".utf8) + [0xE2, 0x82]
    #expect(
      reason { try QuestionFileFormat.decode(cut, name: "q") }
        == "q, line 1, column 18: a string is not closed before the end of the file")
  }

  @Test func invalidUTF8InOpenTriviaQAIsReadAsWindows1252() throws {
    let bytes: [UInt8] = Array("#Q Caf".utf8) + [0xE9, 0x93] + Array("\n^ Oui\nA Oui\nB Non".utf8) + [0xC3]
    let bank = try OpenTriviaQAFormat.decode(bytes, name: "fr")
    #expect(bank.questions.first?.text == "Café“")
    #expect(bank.questions.first?.incorrectAnswers == ["NonÃ"])
  }

  @Test func encodedInvalidUTF8InOpenTriviaDBBecomesReplacementCharacters() throws {
    let url =
      #"{"response_code":0,"results":[{"type":"multiple","difficulty":"easy","category":"C","question":"Q%FF","correct_answer":"A","incorrect_answers":["B%C3"]}]}"#
    let bank = try OpenTriviaDBFormat.decode(Array(url.utf8), name: "r", encoding: .url3986)
    #expect(bank.questions.first?.text == "Q\u{FFFD}")
    #expect(bank.questions.first?.incorrectAnswers == ["B\u{FFFD}"])
    #expect(OpenTriviaDBFormat.base64Decode("/w==") == "\u{FFFD}")
  }

  @Test func nulBytesAreRefusedInJSONAndKeptAsTextInOpenTriviaQA() throws {
    let inString: [UInt8] = Array("{\"questions\": [\"a".utf8) + [0] + Array("\"]}".utf8)
    #expect(
      reason { try QuestionFileFormat.decode(inString, name: "q") }
        == "q, line 1, column 18: control character byte 0x0 inside a string; write it as an escape")
    let outside: [UInt8] = Array("{\"questions\": ".utf8) + [0]
    #expect(
      reason { try QuestionFileFormat.decode(outside, name: "q") }
        == "q, line 1, column 15: expected a value, found byte 0x0")
    let zeros = [UInt8](repeating: 0, count: Self.megabyte)
    #expect(
      reason { try QuestionFormat.decode(zeros, name: "z") }
        == "z: not a question file; \(QuestionFormat.expectation)")

    // An escaped NUL is text JSON allows; OpenTriviaQA keeps a raw one, as its reference does.
    let escaped = try QuestionFileFormat.decode(questionFile([jsonQuestion(["question": #""a\u0000b""#])]), name: "q")
    #expect(escaped.questions.first?.text == "a\u{0}b")
    let otqa = try OpenTriviaQAFormat.decode(Array("#Q a\u{0}b\n^ x\nA x\nB y\n".utf8), name: "n")
    #expect(otqa.questions.first?.text == "a\u{0}b")
  }
}

/// The reason `source` refuses to load, or nil when it loads or gives no answer in time.
private func loadReason(_ source: some DataSource, within limit: Duration = .seconds(20)) async -> String? {
  let answer = Answer()
  return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
    answer.waiting(continuation)
    Task.detached {
      do {
        _ = try await source.load(LoadRequest(count: 10, difficulty: .mixed))
        answer.give(nil)
      } catch {
        answer.give((error as? DataSourceError)?.message ?? "\(error)")
      }
    }
    Task.detached {
      try? await Task.sleep(for: limit)
      answer.give(nil)
    }
  }
}

/// The first of several answers, given once to whoever waits.
private final class Answer: @unchecked Sendable {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<String?, Never>?

  func waiting(_ continuation: CheckedContinuation<String?, Never>) {
    lock.withLock { self.continuation = continuation }
  }

  func give(_ value: String?) {
    let waiting = lock.withLock {
      defer { continuation = nil }
      return continuation
    }
    waiting?.resume(returning: value)
  }
}

/// The process's peak resident memory in bytes.
private func peakMemory() -> Int {
  var usage = rusage()
  #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return usage.ru_maxrss * 1024
}
