import FixtureFolders
import Foundation
import Testing

@testable import TriviaData

@Suite struct QuestionFormatTests {
  static let projectFile = """
    {"schema": "trivia-questions/1", "questions": [
      {"category": "Science", "difficulty": "easy", "type": "multiple", "question": "Symbol for gold?",
       "correct_answer": "Au", "incorrect_answers": ["Ag", "Gd", "Go"]}
    ]}
    """
  static let openTDBResponse = OpenTDBFixture.json([OpenTDBFixture.Result()])
  static let openTriviaQA = "#Q Symbol for gold?\n^ Au\nA Ag\nB Au\n"

  func detect(_ text: String) -> QuestionFormat? {
    QuestionFormat.detect(bytes: Array(text.utf8))
  }

  @Test func detectsEachFormatFromContent() {
    #expect(detect(Self.projectFile) == .questionFile)
    #expect(detect(Self.openTDBResponse) == .openTriviaDB)
    #expect(detect(Self.openTriviaQA) == .openTriviaQA)
  }

  @Test func detectionLooksAtKeysNotValues() {
    // "results" as a value, not a key, does not make a project file an API response.
    #expect(detect(#"{"questions": [{"correct_answer": "results", "category": "response_code"}]}"#) == .questionFile)
    #expect(detect(#"{"results" : [], "response_code": 0}"#) == .openTriviaDB)
    #expect(detect(#"{"response_code": 1}"#) == .openTriviaDB)
  }

  @Test func theFirstDecidingTopLevelKeyWins() {
    // Values before it, however nested, are passed over; keys inside them do not count.
    let skipped = #"{"meta": {"results": [1, {"b": "x\"y}]"}], "n": -2.5e3, "ok": true}, "#
    #expect(detect(skipped + #""questions": []}"#) == .questionFile)
    #expect(detect(#"{"questions": [{"results": 1}], "response_code": 0}"#) == .questionFile)
    #expect(detect(#"{"response_code": 0, "questions": []}"#) == .openTriviaDB)
    // Broken before a deciding key: any key will do, so the reader can say what is wrong.
    #expect(detect(#"{"schema": oops, "questions": []}"#) == .questionFile)
    #expect(detect(#"{"schema": "trivia-questions/1"}"#) == nil)
  }

  @Test func detectionSkipsAByteOrderMarkAndSpaces() {
    #expect(QuestionFormat.detect(bytes: [0xEF, 0xBB, 0xBF] + Array(" \n\t\(Self.projectFile)".utf8)) == .questionFile)
    #expect(QuestionFormat.detect(bytes: [0xEF, 0xBB, 0xBF] + Array(Self.openTriviaQA.utf8)) == .openTriviaQA)
    #expect(detect("Preface\r\n\r\n#Q Later?\n^ a\nA a\nB b\n") == .openTriviaQA)
  }

  @Test func otherFilesAreNoneOfTheFormats() {
    #expect(detect("") == nil)
    #expect(detect("# README\n\n    #Q an indented example\n") == nil)
    #expect(detect(#"{"name": "package.json"}"#) == nil)
    #expect(detect("[1, 2, 3]") == nil)
    #expect(QuestionFormat.detect(bytes: [0x00, 0xFF, 0x10, 0x80]) == nil)
  }

  @Test func unknownFormatErrorNamesTheFileAndWhatWasExpected() throws {
    let error = try #require(throws: DataSourceError.self) {
      try QuestionFormat.decode(Array("Creative Commons Legal Code\n".utf8), name: "LICENSE")
    }
    #expect(error.message.hasPrefix("LICENSE: not a question file; expected "))
    #expect(error.message.contains("\"questions\""))
    #expect(error.message.contains("\"response_code\""))
    #expect(error.message.contains("#Q"))
  }

  @Test func decodesEachFormat() throws {
    let project = try QuestionFormat.decode(Array(Self.projectFile.utf8), name: "q.json")
    let api = try QuestionFormat.decode(Array(Self.openTDBResponse.utf8), name: "api.json")
    let text = try QuestionFormat.decode(Array(Self.openTriviaQA.utf8), name: "metals")
    #expect(project.questions.first?.correctAnswer == "Au")
    #expect(project.questions.first?.difficulty == .easy)
    #expect(api.questions.first?.text == "What does CPU stand for?")
    #expect(text.questions.first?.incorrectAnswers == ["Ag"])
    #expect(text.questions.first?.category == "Metals")
    #expect(text.questions.first?.difficulty == nil)
  }

  @Test func fileDataSourceLoadsAnyFormat() async throws {
    let folder = try TemporaryFolder()
    let request = LoadRequest(count: 10, difficulty: .mixed)
    let project = try await FileDataSource(path: folder.write("mine.json", Self.projectFile)).load(request)
    let api = try await FileDataSource(path: folder.write("saved-response", Self.openTDBResponse)).load(request)
    let text = try await FileDataSource(path: folder.write("world-history", Self.openTriviaQA)).load(request)
    #expect(project.questions.count == 1)
    #expect(api.questions.first?.category == "Science: Computers")
    #expect(text.questions.first?.category == "World History")
    let readme = try folder.write("README.md", "# Notes\n")
    let error = try await #require(throws: DataSourceError.self) {
      try await FileDataSource(path: readme).load(request)
    }
    #expect(error.message.hasPrefix("\(readme): not a question file"))
  }
}
