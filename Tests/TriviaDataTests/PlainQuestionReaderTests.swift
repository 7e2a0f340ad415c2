import Testing
import TriviaData

/// Most questions of the project's JSON are read straight from the file's bytes; the others
/// by the general reader. Both give the same questions and the same skips: a read that keeps
/// locations, which never takes the short way, is the measure (the JSON fuzz target holds
/// them to it on random input too).
@Suite("Questions read the short way")
struct PlainQuestionReaderTests {
  static let file = #"""
    {"schema": "trivia-questions/1", "questions": [
      {"category": "Art", "difficulty": "easy", "type": "multiple", "question": "Plain?", "correct_answer": "Yes", "incorrect_answers": ["No", "Maybe"], "check": {"note": ["kept", 1]}},
      {"category": "Art", "difficulty": "Easy", "type": "Multiple", "question": "Capitals in the level?", "correct_answer": "Yes", "incorrect_answers": ["No"]},
      {"category": "Art", "type": "boolean", "question": "No level, \"quoted\".", "correct_answer": "True", "incorrect_answers": ["False"]},
      {"category": " Art ", "difficulty": "hard", "type": "multiple", "question": " Spaces to trim ", "correct_answer": "Café", "incorrect_answers": ["Tea", "π"]},
      {"category": "Art", "category": "Music", "difficulty": "medium", "type": "multiple", "question": "Twice?", "correct_answer": "A", "incorrect_answers": ["B"]},
      {"category": "Music", "difficulty": "easy", "type": "boolean", "question": "Yes or no?", "correct_answer": "Yes", "incorrect_answers": ["No"]},
      {"category": "Music", "difficulty": "easy", "type": "multiple", "question": "Repeated?", "correct_answer": "A", "incorrect_answers": ["B", "A"]},
      {"category": "Music", "difficulty": "easy", "type": "multiple", "question": "Many?", "correct_answer": "1", "incorrect_answers": ["2", "3", "4", "5", "6", "7", "8", "9", "10"]},
      {"category": "Music", "difficulty": "easy", "type": "multiple", "question": "", "correct_answer": "A", "incorrect_answers": ["B"]},
      {"category": "Music", "difficulty": "easy", "type": "multiple", "question": "Number?", "correct_answer": 3, "incorrect_answers": ["B"]},
      "not a question",
      {"category": "Music", "difficulty": "easy", "type": "multiple", "question": "Last?", "correct_answer": "A", "incorrect_answers": []}
    ]}
    """#

  @Test func theShortWayAndTheGeneralReaderAgree() throws {
    let bytes = Array(Self.file.utf8)
    let short = try QuestionFileFormat.decode(bytes, name: "mixed.json")
    let general = try QuestionFileFormat.decode(bytes, name: "mixed.json", locating: true)
    #expect(short.questions == general.questions)
    #expect(short.skipped.map(\.description) == general.skipped.map(\.description))
    #expect(
      short.questions.map(\.text) == [
        "Plain?", "Capitals in the level?", "No level, \"quoted\".", "Spaces to trim", "Twice?", "Many?",
      ])
    #expect(short.questions[1].difficulty == .easy && short.questions[2].difficulty == nil)
    #expect(short.questions[3].category == "Art" && short.questions[3].incorrectAnswers == ["Tea", "π"])
    #expect(short.questions[4].category == "Art")
    #expect(short.questions.countsByCategory.map(\.category) == ["Art", "Music"])
    #expect(
      short.skipped.map(\.location) == [
        "mixed.json:7", "mixed.json:8", "mixed.json:10", "mixed.json:11", "mixed.json:12", "mixed.json:13",
      ])
  }
}
