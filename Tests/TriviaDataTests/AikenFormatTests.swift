import Testing

@testable import TriviaData

/// Moodle's Aiken read (#38): the hand-written fixtures, and what is skipped and where.
@Suite struct AikenFormatTests {
  func decode(_ text: String, name: String = "quiz.txt", locating: Bool = false) throws -> QuestionBank {
    try AikenFormat.decode(Array(text.utf8), name: name, locating: locating)
  }

  static let capitals = [
    Question(
      category: "World Capitals", difficulty: nil, kind: .multiple, text: "What is the capital of Australia?",
      correctAnswer: "Canberra", incorrectAnswers: ["Sydney", "Melbourne"]),
    Question(
      category: "World Capitals", difficulty: nil, kind: .multiple, text: "Which river is the longest in Europe?",
      correctAnswer: "Volga", incorrectAnswers: ["Danube", "Rhine"]),
  ]

  @Test func readsTheFixtureAndListsWhatItSkipsWithFileAndLine() throws {
    let path = FixtureFiles.path("world-capitals.txt")
    let bank = try QuestionFormat.decode(FixtureFiles.bytes("world-capitals.txt"), name: path)
    #expect(bank.formats == [.aiken])
    #expect(
      Array(bank.questions) == Self.capitals + [
        Question(
          category: "World Capitals", difficulty: nil, kind: .boolean,
          text: "The Great Wall of China can be seen from the Moon with the naked eye.", correctAnswer: "False",
          incorrectAnswers: ["True"]),
        Question(
          category: "World Capitals", difficulty: nil, kind: .multiple, text: "Which country has the most islands?",
          correctAnswer: "Sweden", incorrectAnswers: ["Indonesia", "Philippines"]),
        Question(
          category: "World Capitals", difficulty: nil, kind: .multiple, text: "Which is the largest desert?",
          correctAnswer: "Antarctic", incorrectAnswers: ["Sahara"]),
      ])
    #expect(
      bank.skipped.map(\.description) == [
        "\(path):26: ANSWER: C names no option; the options are A, B",
        "\(path):31: option B is empty",
        "\(path):37: options A and B are the same: 'New York'",
        "\(path):42: no ANSWER: line after the options (ANSWER: then the right option's letter)",
      ])
  }

  @Test func aWindowsFileWithCRLFAndAByteOrderMark() throws {
    let bank = try QuestionFormat.decode(
      FixtureFiles.bytes("world-capitals-windows.txt"), name: "world-capitals.txt")
    #expect(bank.formats == [.aiken])
    #expect(Array(bank.questions) == Self.capitals)
    #expect(bank.skipped.isEmpty)
  }

  @Test func locatingPointsAtTheAnswerLineAndTheOptions() throws {
    let bank = try decode(
      """
      Which is blue?
      A. Grass
      B. Sky
      ANSWER: E

      Which is green?
      A. Grass
      B. Sky
      ANSWER: a
      """, locating: true)
    let skipped = try #require(bank.skipped.first)
    #expect(skipped.position == SourcePosition(line: 4))
    #expect(skipped.reason == "ANSWER: E names no option; the options are A, B")
    let location = try #require(bank.locations.first)
    #expect(location.start == SourcePosition(line: 6))
    #expect(location.position(of: .correctAnswer) == SourcePosition(line: 7))
    #expect(location.position(of: .incorrectAnswers) == SourcePosition(line: 8))
  }

  @Test func everyFaultOfAQuestionIsNamed() throws {
    let bank = try decode("Good?\nA. Yes\nB. No\nANSWER: A\n\nBad?\nA. One\nA. One\nC.\nANSWER: C\n", locating: true)
    let skipped = try #require(bank.skipped.first)
    #expect(skipped.reason == "two options are lettered A")
    #expect(skipped.otherFaults.map(\.reason) == ["option C is empty"])
    #expect(skipped.otherFaults.map(\.position) == [SourcePosition(line: 9)])
  }

  @Test func aQuestionThatStartsLikeAnOptionIsItsText() throws {
    let bank = try decode("H. G. Wells wrote \"The Time Machine\".\nA. True\nB. False\nANSWER: A\n")
    #expect(
      Array(bank.questions) == [
        Question(
          category: "Quiz", difficulty: nil, kind: .boolean, text: "H. G. Wells wrote \"The Time Machine\".",
          correctAnswer: "True", incorrectAnswers: ["False"])
      ])
  }

  @Test func anAnswerLineWithNoQuestionAndAFileWithoutAnswers() throws {
    let bank = try decode("ANSWER: A\n\nFine?\nA. Yes\nB. No\nANSWER: A\n")
    #expect(bank.skipped.map(\.description) == ["quiz.txt:1: an ANSWER: line with no question and options before it"])
    #expect(bank.questions.count == 1)
    #expect(throws: DataSourceError.self) { try decode("Just text.\nA. one\n") }
  }
}
