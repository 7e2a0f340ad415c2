import Testing
import TriviaData

@Suite("A packed list of questions")
struct QuestionListTests {
  func question(_ number: Int, category: String = "Science", difficulty: Difficulty? = .easy, wrong: Int = 3)
    -> Question
  {
    Question(
      category: category, difficulty: difficulty, kind: .multiple, text: "Question \(number)?",
      correctAnswer: "Right \(number)", incorrectAnswers: (0..<wrong).map { "Wrong \(number).\($0)" })
  }

  @Test func givesBackWhatWasPut() {
    let questions = [
      question(1), question(2, category: "Art", difficulty: nil, wrong: 1),
      Question(
        category: "Ünïcode ✓", difficulty: .hard, kind: .boolean, text: "Is 🦀 a crab?", correctAnswer: "True",
        incorrectAnswers: ["False"]),
      // Empty fields, and lengths that take two and three bytes to write.
      Question(
        category: "", difficulty: .medium, kind: .multiple, text: "", correctAnswer: String(repeating: "a", count: 128),
        incorrectAnswers: ["", String(repeating: "é", count: 9_000), String(repeating: "b", count: 127)]),
    ]
    let list = QuestionList(questions)
    #expect(list.count == 4)
    #expect(Array(list) == questions)
    #expect(list.map(\.category) == (0..<4).map(list.category(at:)))
    #expect(list.map(\.difficulty) == (0..<4).map(list.difficulty(at:)))
  }

  @Test func joinedListsKeepTheirOrderAndCounts() {
    let first = QuestionList((0..<3).map { question($0, category: "Art") })
    let second = QuestionList((3..<7).map { question($0, category: $0 % 2 == 0 ? "History" : "Art", difficulty: nil) })
    var joined = first
    joined += QuestionList()
    joined += second
    #expect(joined.count == 7)
    #expect(joined.map(\.text) == (0..<7).map { "Question \($0)?" })
    #expect(joined[6] == question(6, category: "History", difficulty: nil))
    #expect(joined.countsByCategory.map(\.category) == ["Art", "History"])
    #expect(joined.countsByCategory.map(\.count) == [5, 2])
    #expect(joined.countsByDifficulty == [.easy: 3, nil: 4])
    #expect(joined.category(at: 4) == "History")
    #expect(joined.difficulty(at: 2) == .easy)
  }

  @Test func addingToAJoinedListLeavesTheOtherAlone() {
    let first = QuestionList([question(0)])
    let second = QuestionList([question(1)])
    var joined = first
    joined += second
    joined.append(question(2))
    #expect(joined.map(\.text) == ["Question 0?", "Question 1?", "Question 2?"])
    #expect(Array(second) == [question(1)])
    #expect(Array(first) == [question(0)])
  }

  @Test func listsAreEqualByTheirQuestions() {
    var split = QuestionList([question(0)])
    split += QuestionList([question(1)])
    #expect(split == [question(0), question(1)])
    #expect(split != [question(0)])
    #expect(split != [question(1), question(0)])
  }

  @Test(arguments: [
    ("What is  the symbol\tfor gold?", "Au"), ("  LEADING and trailing \r\n", " x "), ("", ""),
    ("Crème brûlée?", "Œuf"), ("İstanbul", "ǅ"), ("a\u{00A0}b\u{2003}c", "NBSP"), ("\u{1C}sep\u{1F}", "\u{85}"),
    ("Tab\u{0B}vertical\u{0C}feed", "MiXeD"),
  ])
  func idsMadeFromBytesAreTheIdsOfTheText(text: String, answer: String) {
    let list = QuestionList([
      Question(
        category: "C", difficulty: nil, kind: .multiple, text: text, correctAnswer: answer, incorrectAnswers: ["w"])
    ])
    #expect(list.questionID(at: 0) == QuestionID.make(text: text, answer: answer))
    #expect(list.questionIDs() == [list.questionID(at: 0)])
    // Folded by `Character` here, by bytes in the game wherever the text is ASCII: one id.
    func folded(_ text: String) -> String {
      text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    #expect(QuestionID.make(text: text, answer: answer) == QuestionID.make(text: folded(text), answer: folded(answer)))
  }

  @Test func aListsIdsComeInOrderAndItIsIdenticalOnlyToItsOwnStorage() {
    var joined = QuestionList((0..<3).map { question($0) })
    joined += QuestionList((3..<5).map { question($0, category: "Art") })
    #expect(joined.questionIDs() == joined.indices.map(joined.questionID(at:)))
    #expect(Set(joined.questionIDs()).count == 5)
    let copy = joined
    #expect(copy.isIdentical(to: joined))
    // Equal questions in storage of their own, and a copy changed since: not identical.
    #expect(QuestionList(Array(joined)) == joined && !QuestionList(Array(joined)).isIdentical(to: joined))
    var changed = copy
    changed.append(question(5))
    #expect(!changed.isIdentical(to: joined) && copy.isIdentical(to: joined))
    #expect(QuestionList().isIdentical(to: QuestionList()))
  }

  @Test func theSameQuestionHowsoeverSpacedOrCasedIsOneId() {
    #expect(
      QuestionID.make(text: "What is  the symbol for gold?", answer: "Au")
        == QuestionID.make(text: "what is the symbol for gold? ", answer: "AU"))
    #expect(QuestionID.make(text: "Gold?", answer: "Au") != QuestionID.make(text: "Gold?", answer: "Ag"))
  }
}
