import Testing
import TriviaData
import TriviaTools

/// Every format `trivia convert` writes reads back as the same questions, a question's own
/// time included, so a quiz goes from a spreadsheet to Moodle and back unchanged (#38). Aiken
/// keeps text, answers and kind only: it has no categories, levels or times.
@Suite("Every format convert writes, read back")
struct ConvertRoundTripTests {
  static let questions = [
    Question(
      category: "Films", difficulty: .hard, kind: .multiple, text: "Who directed \"Alien\" (1979)?",
      correctAnswer: "Ridley Scott", incorrectAnswers: ["James Cameron", "Scott, Tony", "Jean-Pierre Jeunet"],
      seconds: 30),
    Question(
      category: "Films", difficulty: nil, kind: .boolean, text: "Casablanca won the Oscar for Best Picture.",
      correctAnswer: "True", incorrectAnswers: ["False"]),
    Question(
      category: "Science; and more", difficulty: .easy, kind: .multiple, text: "H₂O is…", correctAnswer: "water",
      incorrectAnswers: ["salt"], seconds: 5),
  ]

  @Test(arguments: BankConverter.Output.allCases)
  func theQuestionsComeBack(_ output: BankConverter.Output) throws {
    let bytes = try output.encode(QuestionList(Self.questions))
    let bank = try QuestionFormat.decode(bytes, name: "films.\(output.rawValue)")
    #expect(bank.skipped.isEmpty)
    if output == .aiken {
      let kept = { (question: Question) in [question.text, question.correctAnswer] + question.incorrectAnswers }
      #expect(bank.questions.map(kept) == Self.questions.map(kept))
      #expect(bank.questions.map(\.kind) == Self.questions.map(\.kind))
    } else {
      #expect(Array(bank.questions) == Self.questions)
    }
    #expect(try output.encode(bank.questions) == bytes)
  }
}
