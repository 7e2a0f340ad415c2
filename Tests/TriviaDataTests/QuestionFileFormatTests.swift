import Testing
import TriviaData

@Suite("The project's question file")
struct QuestionFileFormatTests {
  func decode(_ text: String) throws(DataSourceError) -> QuestionBank {
    try QuestionFileFormat.decode(Array(text.utf8), name: "q.json")
  }

  func file(_ questions: [String]) -> String {
    "{\"schema\": \"trivia-questions/1\", \"questions\": [\n" + questions.joined(separator: ",\n") + "\n]}"
  }

  let good =
    #"{"category": "Science", "difficulty": "easy", "type": "multiple", "question": " Gold? ", "correct_answer": "Au", "incorrect_answers": ["Ag", "Gd", "Go"]}"#
  let boolean =
    #"{"category": "History", "difficulty": "Hard", "type": "boolean", "question": "Rome fell.", "correct_answer": "False", "incorrect_answers": ["True"]}"#

  @Test func readsQuestionsAndTrimsText() throws {
    let bank = try decode(file([good, boolean]))
    #expect(bank.skipped.isEmpty)
    #expect(
      bank.questions == [
        Question(
          category: "Science", difficulty: .easy, kind: .multiple, text: "Gold?", correctAnswer: "Au",
          incorrectAnswers: ["Ag", "Gd", "Go"]),
        Question(
          category: "History", difficulty: .hard, kind: .boolean, text: "Rome fell.", correctAnswer: "False",
          incorrectAnswers: ["True"]),
      ])
  }

  @Test(arguments: [
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A"}"#,
      #"missing field "incorrect_answers""#
    ),
    (
      #"{"category": 3, "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B"]}"#,
      #""category" must be a string, found a number"#
    ),
    (
      #"{"category": "S", "difficulty": "extreme", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B"]}"#,
      #""difficulty" must be easy, medium or hard, not "extreme""#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "essay", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B"]}"#,
      #""type" must be multiple or boolean, not "essay""#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "  ", "correct_answer": "A", "incorrect_answers": ["B"]}"#,
      #""question" is empty"#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": "B"}"#,
      #""incorrect_answers" must be an array of strings, found a string"#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B", 2]}"#,
      #""incorrect_answers"[1] must be a non-empty string, found a number"#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": []}"#,
      #""incorrect_answers" must not be empty"#
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "multiple", "question": "Q", "correct_answer": "A", "incorrect_answers": ["B", "A"]}"#,
      "the answers must all be different"
    ),
    (
      #"{"category": "S", "difficulty": "easy", "type": "boolean", "question": "Q", "correct_answer": "Yes", "incorrect_answers": ["No"]}"#,
      "a boolean question needs the answers True and False, one of them correct"
    ),
    ("[1]", "expected an object, found an array"),
  ])
  func aBadQuestionIsSkippedWithItsLineAndReason(question: String, reason: String) throws {
    let bank = try decode(file([good, question, boolean]))
    #expect(bank.questions.count == 2)
    #expect(bank.skipped.count == 1)
    // The line the bad question is on, whatever it is.
    #expect(bank.skipped.first == QuestionBank.Skipped(location: "q.json:3", reason: "question 2: \(reason)"))
  }

  @Test(arguments: [
    ("", "q.json, line 1, column 1: expected a value, found the end of the file"),
    ("[]", "q.json, line 1: expected an object with a \"questions\" array, found an array"),
    ("{\"schema\": \"other/2\", \"questions\": []}", "q.json, line 1: field \"schema\" must be \"trivia-questions/1\""),
    ("{\n\"items\": []}", "q.json, line 1: missing the \"questions\" array"),
    ("{\"questions\": {}}", "q.json, line 1: \"questions\" must be an array, found an object"),
    ("{\"questions\": []}", "q.json, line 1: the \"questions\" array is empty"),
    (
      "{\"questions\": [1, 2]}",
      "q.json: no usable questions; 2 skipped (q.json:1: question 1: expected an object, found a number)"
    ),
  ])
  func aBadFileThrowsASentence(text: String, message: String) {
    #expect(throws: DataSourceError(message)) { try decode(text) }
  }

  @Test func theBundledBankIsValidAndBroad() async throws {
    let bank = try await BundledDataSource().load(LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.skipped.isEmpty)
    #expect(bank.questions.count >= 150)
    let categories = Dictionary(grouping: bank.questions, by: \.category)
    #expect(categories.count >= 6)
    for (category, questions) in categories {
      #expect(Set(questions.compactMap(\.difficulty)) == Set(Difficulty.allCases), "\(category)")
    }
    #expect(bank.questions.filter { $0.kind == .boolean }.count >= 20)
    #expect(Set(bank.questions.map(\.text)).count == bank.questions.count, "no question twice")
  }
}
