import Testing
import TriviaData

/// `QuestionFileFormat.encode`, what `trivia convert` writes: read back, the same questions.
@Suite("Writing the project's JSON")
struct QuestionFileEncodeTests {
  @Test func textThatJSONMustEscapeComesBackTheSame() throws {
    let questions: [Question] = [
      Question(
        category: "Quotes \"and\" \\slashes\\", difficulty: .medium, kind: .multiple,
        text: "Tab\there, bell \u{7} and DEL \u{7F}, emoji 🦉, accents é?", correctAnswer: "Line\nbreak",
        incorrectAnswers: ["/", "\u{1}", "日本"]),
      Question(
        category: "None", difficulty: nil, kind: .boolean, text: "No level here.", correctAnswer: "False",
        incorrectAnswers: ["True"]),
    ]
    let bytes = QuestionFileFormat.encode(questions)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains("\"difficulty\": null"))
    #expect(text.contains(#"{"category": "None", "type": "boolean", "question": "No level here.""#))
    let bank = try QuestionFileFormat.decode(bytes, name: "written.json")
    // The loader trims text: what it gives is the questions as trimmed.
    #expect(Array(bank.questions) == questions)
    #expect(bank.skipped.isEmpty)
  }

  @Test func aQuestionsOwnTimeIsWrittenAndReadBack() throws {
    let questions = [
      Question(
        category: "Quiz", difficulty: nil, kind: .multiple, text: "Fast?", correctAnswer: "Yes",
        incorrectAnswers: ["No"], seconds: 20),
      Question(
        category: "Quiz", difficulty: .easy, kind: .boolean, text: "Slow.", correctAnswer: "True",
        incorrectAnswers: ["False"]),
    ]
    let bytes = QuestionFileFormat.encode(questions)
    #expect(String(decoding: bytes, as: UTF8.self).contains(#""incorrect_answers": ["No"], "seconds": 20}"#))
    let bank = try QuestionFileFormat.decode(bytes, name: "timed.json")
    #expect(Array(bank.questions) == questions)
    #expect(bank.questions.map(\.seconds) == [20, nil])
  }
}
