import Foundation
import Testing

@testable import TriviaData

/// Builds Open Trivia DB responses the way the API writes them.
enum OpenTDBFixture {
  struct Result {
    var category = "Science: Computers"
    var type = "multiple"
    var difficulty = "easy"
    var question = "What does CPU stand for?"
    var correct = "Central Processing Unit"
    var incorrect = ["Central Process Unit", "Computer Personal Unit", "Central Processor Unit"]
  }

  static func json(_ results: [Result], code: Int = 0, encode: (String) -> String = { $0 }) -> String {
    func quoted(_ text: String) -> String {
      "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    let items = results.map { result in
      "{\"type\":\(quoted(encode(result.type))),\"difficulty\":\(quoted(encode(result.difficulty))),"
        + "\"category\":\(quoted(encode(result.category))),\"question\":\(quoted(encode(result.question))),"
        + "\"correct_answer\":\(quoted(encode(result.correct))),"
        + "\"incorrect_answers\":[\(result.incorrect.map { quoted(encode($0)) }.joined(separator: ","))]}"
    }
    return "{\"response_code\":\(code),\"results\":[\(items.joined(separator: ","))]}"
  }

  static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

  /// RFC 3986: everything but letters, digits and `-._~` as `%XX`.
  static func url3986(_ text: String) -> String {
    text.utf8.map { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        String(UnicodeScalar(byte))
      default: String(format: "%%%02X", byte)
      }
    }.joined()
  }

  static let boolean = Result(
    category: "General Knowledge", type: "boolean", difficulty: "medium",
    question: "The Great Wall of China is visible from the Moon.", correct: "False", incorrect: ["True"])

  static let accented = Result(
    category: "Entertainment: Video Games", type: "multiple", difficulty: "hard",
    question: "Which Pokémon is “Pikachu’s” evolution?", correct: "Raichu", incorrect: ["Pichu", "Ditto", "Mew"])
}

@Suite struct OpenTriviaDBFormatTests {
  typealias Fixture = OpenTDBFixture

  func decode(_ text: String, encoding: OpenTriviaDBFormat.Encoding? = nil) throws -> QuestionBank {
    try OpenTriviaDBFormat.decode(Array(text.utf8), name: "api.json", encoding: encoding)
  }

  @Test func decodesHTMLEncodedResponse() throws {
    let text = """
      {"response_code":0,"results":[{"type":"multiple","difficulty":"hard",\
      "category":"Entertainment: Japanese Anime &amp; Manga",\
      "question":"In &quot;Pok&eacute;mon&quot;, what&#039;s Ash&rsquo;s first &#x27;mon?",\
      "correct_answer":"Pikachu","incorrect_answers":["Bulbasaur","Charmander &amp; Co","Squirtle"]}]}
      """
    let bank = try decode(text)
    #expect(bank.skipped.isEmpty)
    #expect(
      bank.questions == [
        Question(
          category: "Entertainment: Japanese Anime & Manga", difficulty: .hard, kind: .multiple,
          text: "In \"Pokémon\", what's Ash\u{2019}s first 'mon?", correctAnswer: "Pikachu",
          incorrectAnswers: ["Bulbasaur", "Charmander & Co", "Squirtle"])
      ])
  }

  @Test func booleanQuestionsHaveTrueAndFalse() throws {
    let bank = try decode(Fixture.json([Fixture.boolean]))
    let question = try #require(bank.questions.first)
    #expect(question.kind == .boolean)
    #expect(question.correctAnswer == "False")
    #expect(question.incorrectAnswers == ["True"])
    #expect(question.difficulty == .medium)
  }

  @Test func booleanAnswersInAnyCaseAreWrittenTrueAndFalse() throws {
    var lower = Fixture.boolean
    lower.correct = "false"
    lower.incorrect = ["TRUE"]
    let question = try #require(try decode(Fixture.json([lower])).questions.first)
    #expect(question.correctAnswer == "False")
    #expect(question.incorrectAnswers == ["True"])
  }

  @Test func decodesBase64EncodingOfEveryField() throws {
    let text = Fixture.json([Fixture.accented, Fixture.boolean], encode: Fixture.base64)
    #expect(text.contains("bXVsdGlwbGU="))  // "multiple"
    #expect(OpenTriviaDBFormat.detectEncoding(try results(text)) == .base64)
    let bank = try decode(text)
    #expect(bank.questions.count == 2)
    #expect(bank.questions[0].text == Fixture.accented.question)
    #expect(bank.questions[0].category == "Entertainment: Video Games")
    #expect(bank.questions[0].difficulty == .hard)
    #expect(bank.questions[0].incorrectAnswers == ["Pichu", "Ditto", "Mew"])
    #expect(bank.questions[1].kind == .boolean)
    #expect(bank.questions[1].correctAnswer == "False")
  }

  @Test func decodesURL3986EncodingOfEveryField() throws {
    let text = Fixture.json([Fixture.accented, Fixture.boolean], encode: Fixture.url3986)
    #expect(text.contains("Entertainment%3A%20Video%20Games"))
    #expect(OpenTriviaDBFormat.detectEncoding(try results(text)) == .url3986)
    let bank = try decode(text)
    #expect(bank.questions.count == 2)
    #expect(bank.questions[0].text == Fixture.accented.question)
    #expect(bank.questions[0].category == "Entertainment: Video Games")
    #expect(bank.questions[1].text == Fixture.boolean.question)
  }

  @Test func urlLegacyPlusSignsAreSpaces() throws {
    let legacy = { (text: String) in Fixture.url3986(text).replacingOccurrences(of: "%20", with: "+") }
    let text = Fixture.json([Fixture.Result()], encode: legacy)
    #expect(text.contains("What+does+CPU+stand+for%3F"))
    let question = try #require(try decode(text).questions.first)
    #expect(question.text == "What does CPU stand for?")
    #expect(question.category == "Science: Computers")
  }

  @Test func anEncodingGivenByTheCallerWins() throws {
    // Plain words that would read as HTML; told they are Base64 they are not valid.
    var result = Fixture.Result()
    result.question = "Q"
    #expect(throws: DataSourceError.self) { try decode(Fixture.json([result]), encoding: .base64) }
    let percent = Fixture.json([Fixture.accented], encode: Fixture.url3986)
    #expect(try decode(percent, encoding: .url3986).questions.first?.text == Fixture.accented.question)
  }

  @Test func trimsStraySpaces() throws {
    var result = Fixture.Result()
    result.question = "  What does CPU stand for?&nbsp; "
    result.correct = " Central Processing Unit "
    result.category = "Science: Computers "
    let question = try #require(try decode(Fixture.json([result])).questions.first)
    #expect(question.text == "What does CPU stand for?")
    #expect(question.correctAnswer == "Central Processing Unit")
    #expect(question.category == "Science: Computers")
  }

  @Test(arguments: [
    (1, "not enough questions"), (2, "invalid"), (3, "token"), (4, "reset the token"), (5, "5 seconds"),
  ])
  func responseCodesBecomeSentences(code: Int, phrase: String) throws {
    let error = try #require(throws: DataSourceError.self) { try decode(Fixture.json([], code: code)) }
    #expect(error.message.contains(phrase))
    #expect(error.message.contains("response code \(code)"))
    #expect(error.message == OpenTriviaDBFormat.message(forResponseCode: code))
  }

  @Test func unknownResponseCodeIsNamed() throws {
    let error = try #require(throws: DataSourceError.self) { try decode(Fixture.json([], code: 9)) }
    #expect(error.message.contains("unknown response code 9"))
  }

  @Test func emptyResultsAreAnError() throws {
    let error = try #require(throws: DataSourceError.self) { try decode(Fixture.json([])) }
    #expect(error.message == "api.json: Open Trivia DB sent no questions")
  }

  @Test func badResultsAreSkippedWithTheirNumber() throws {
    var noDifficulty = Fixture.Result()
    noDifficulty.difficulty = "impossible"
    var badBoolean = Fixture.boolean
    badBoolean.incorrect = ["Maybe"]
    var duplicate = Fixture.Result()
    duplicate.incorrect = ["Central Processing Unit", "A", "B"]
    var emptyQuestion = Fixture.Result()
    emptyQuestion.question = " &nbsp; "
    let text = Fixture.json([Fixture.Result(), noDifficulty, badBoolean, duplicate, emptyQuestion])
    let bank = try decode(text)
    #expect(bank.questions.count == 1)
    #expect(bank.skipped.map(\.location) == (2...5).map { "api.json: result \($0)" })
    #expect(bank.skipped[0].reason.contains("difficulty"))
    #expect(bank.skipped[1].reason.contains("True and False"))
    #expect(bank.skipped[2].reason.contains("different"))
    #expect(bank.skipped[3].reason == "\"question\" is empty")
  }

  @Test func resultsOfTheWrongShapeAreSkipped() throws {
    let text = """
      {"response_code":0,"results":[42,{"type":"multiple"},\
      {"type":"multiple","difficulty":"easy","category":"C","question":"Q?","correct_answer":"A",\
      "incorrect_answers":"B"},\
      {"type":"multiple","difficulty":"easy","category":"C","question":"Q?","correct_answer":"A",\
      "incorrect_answers":["B"]}]}
      """
    let bank = try decode(text)
    #expect(bank.questions.count == 1)
    #expect(bank.skipped.count == 3)
    #expect(bank.skipped[0].reason == "expected an object, found a number")
    #expect(bank.skipped[1].reason == "missing field \"category\"")
    #expect(bank.skipped[2].reason.contains("must be an array"))
  }

  @Test func noUsableResultIsAnErrorNamingTheFirstProblem() throws {
    let error = try #require(throws: DataSourceError.self) {
      try decode(#"{"response_code":0,"results":[{"type":"multiple"}]}"#)
    }
    #expect(error.message.hasPrefix("api.json: no usable questions; 1 skipped (api.json: result 1: missing field"))
  }

  @Test func malformedJSONNamesLineAndColumn() throws {
    let error = try #require(throws: DataSourceError.self) { try decode("{\"response_code\":0,\n\"results\":[}") }
    #expect(error.message.hasPrefix("api.json, line 2, column"))
  }

  @Test func documentsThatAreNotResponsesAreErrors() throws {
    let notObject = try #require(throws: DataSourceError.self) { try decode("[1, 2]") }
    #expect(notObject.message.contains("expected an Open Trivia DB response"))
    let noCode = try #require(throws: DataSourceError.self) { try decode(#"{"results":[]}"#) }
    #expect(noCode.message.contains("missing \"response_code\""))
    let noResults = try #require(throws: DataSourceError.self) { try decode(#"{"response_code":0}"#) }
    #expect(noResults.message.contains("missing the \"results\" array"))
  }

  @Test func base64AndPercentDecoding() {
    #expect(OpenTriviaDBFormat.base64Decode("SGVsbG8=") == "Hello")
    #expect(OpenTriviaDBFormat.base64Decode("SGVsbG8") == "Hello")
    #expect(OpenTriviaDBFormat.base64Decode("w6k=") == "é")
    #expect(OpenTriviaDBFormat.base64Decode("SGVsbG8=x") == nil)
    #expect(OpenTriviaDBFormat.base64Decode("S") == nil)
    #expect(OpenTriviaDBFormat.base64Decode("not base64!") == nil)
    #expect(OpenTriviaDBFormat.percentDecode("Caf%C3%A9%20%26%20bar") == "Café & bar")
    #expect(OpenTriviaDBFormat.percentDecode("100%") == nil)
    #expect(OpenTriviaDBFormat.percentDecode("%ZZ") == nil)
    #expect(OpenTriviaDBFormat.percentDecode("plain") == "plain")
  }

  @Test func encodingParameterNames() {
    #expect(OpenTriviaDBFormat.Encoding(parameter: "base64") == .base64)
    #expect(OpenTriviaDBFormat.Encoding(parameter: "url3986") == .url3986)
    #expect(OpenTriviaDBFormat.Encoding(parameter: "urlLegacy") == .url3986)
    #expect(OpenTriviaDBFormat.Encoding(parameter: "") == .html)
    #expect(OpenTriviaDBFormat.Encoding(parameter: "rot13") == nil)
  }

  func results(_ text: String) throws -> [JSON] {
    guard case .object(let root) = try JSON.parse(Array(text.utf8)), case .array(let items, _) = root["results"]
    else { throw DataSourceError("no results") }
    return items
  }
}
