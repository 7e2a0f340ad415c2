import Testing

@testable import TriviaData

/// Moodle's GIFT read (#38): the hand-written fixtures, and the odd cases one at a time.
@Suite struct GIFTFormatTests {
  func decode(_ text: String, name: String = "quiz.gift", locating: Bool = false) throws -> QuestionBank {
    try GIFTFormat.decode(Array(text.utf8), name: name, locating: locating)
  }

  @Test func readsEveryQuestionTheGameCanAskInTheFixture() throws {
    let path = FixtureFiles.path("geography.gift")
    let bank = try QuestionFormat.decode(FixtureFiles.bytes("geography.gift"), name: path)
    #expect(bank.formats == [.gift])
    let science = "Science/Nature"
    #expect(
      Array(bank.questions) == [
        Question(
          category: "Geography", difficulty: .easy, kind: .multiple, text: "What is the capital of France?",
          correctAnswer: "Paris", incorrectAnswers: ["Lyon", "Marseille"]),
        Question(
          category: "Geography", difficulty: nil, kind: .multiple,
          text: "Which river flows through Vienna\u{A0}& Budapest?", correctAnswer: "Danube",
          incorrectAnswers: ["Rhine", "Elbe"]),
        Question(
          category: "Geography", difficulty: nil, kind: .boolean,
          text: "The Sahara is the largest hot desert on Earth.",
          correctAnswer: "True", incorrectAnswers: ["False"]),
        Question(
          category: "Geography", difficulty: nil, kind: .multiple,
          text: "Mount Everest lies on the border of Nepal and _____.", correctAnswer: "China",
          incorrectAnswers: ["India", "Bhutan"]),
        Question(
          category: science, difficulty: .hard, kind: .multiple,
          text: "In a GIFT file, which character marks a wrong answer: the tilde or the equals sign?",
          correctAnswer: "~ (tilde)", incorrectAnswers: ["= (equals)", "# (hash)", "{ } (braces)"]),
        Question(
          category: science, difficulty: nil, kind: .boolean, text: "The Moon gives off light of its own.",
          correctAnswer: "False", incorrectAnswers: ["True"]),
        Question(
          category: science, difficulty: nil, kind: .multiple,
          text: "Which planet is the largest?\nName the gas giant.",
          correctAnswer: "Jupiter", incorrectAnswers: ["Mars", "Earth", "Venus"]),
      ])
    #expect(
      bank.skipped.map(\.description) == [
        "\(path):20: a description with no answers in { }, which the game cannot ask",
        "\(path):36: a short-answer question (= answers and no ~ wrong ones), which the game cannot ask; "
          + "true/false is written {T} or {F}",
        "\(path):38: a numerical question ({#…}), which the game cannot ask",
        "\(path):40: a matching question (=…->…), which the game cannot ask",
        "\(path):42: an essay question ({}), which the game cannot ask",
        "\(path):44: 2 answers earn credit (= or a positive %weight%); the game asks questions with one right answer",
        "\(path):46: no right answer: mark the right answer with =",
        "\(path):48: answer 2 is empty",
        "\(path):50: answer 3 is the same as an earlier one: 'Atlantic'",
        "\(path):52: a short-answer question (= answers and no ~ wrong ones), which the game cannot ask; "
          + "true/false is written {T} or {F}",
      ])
  }

  @Test func aWindowsFileWithCRLFAndAByteOrderMarkTakesItsCategoryFromItsName() throws {
    let bank = try QuestionFormat.decode(FixtureFiles.bytes("spanish-quiz.gift"), name: "quizzes/spanish-quiz.gift")
    #expect(
      Array(bank.questions) == [
        Question(
          category: "Spanish Quiz", difficulty: nil, kind: .multiple, text: "Which is the capital of Spain?",
          correctAnswer: "Madrid", incorrectAnswers: ["Barcelona", "Seville"]),
        Question(
          category: "Spanish Quiz", difficulty: nil, kind: .boolean, text: "Spain is in *Europe*.",
          correctAnswer: "True", incorrectAnswers: ["False"]),
      ])
    #expect(bank.skipped.isEmpty)
  }

  @Test func locatingGivesEachQuestionItsLinesAndEachSkippedOneItsFaults() throws {
    let bank = try decode(
      """
      $CATEGORY: Space

      // difficulty: medium
      Which planet is red?{
      ~Venus
      =Mars
      }

      Which is a moon of Mars?{=Phobos ~ ~Phobos}
      """, locating: true)
    let location = try #require(bank.locations.first)
    #expect(location.start == SourcePosition(line: 4))
    #expect(location.position(of: .category) == SourcePosition(line: 1))
    #expect(location.position(of: .difficulty) == SourcePosition(line: 3))
    #expect(location.position(of: .correctAnswer) == SourcePosition(line: 6))
    #expect(location.position(of: .incorrectAnswers) == SourcePosition(line: 5))
    let skipped = try #require(bank.skipped.first)
    #expect(skipped.position == SourcePosition(line: 9))
    #expect(skipped.reason == "answer 2 is empty")
    #expect(skipped.otherFaults.map(\.reason) == ["answer 3 is the same as an earlier one: 'Phobos'"])
  }

  @Test func escapesOneAnswerALineCommentsInsideAndWrongAnswersWeighted() throws {
    let bank = try decode(
      #"""
      ::Title \:: with colons::  What does \\ stand for in \{a\} GIFT file?{
        // a comment between answers
        =a backslash#feedback is dropped
        ~%-50%a slash
        ~%0%nothing ####general feedback
      }
      """#)
    #expect(
      Array(bank.questions) == [
        Question(
          category: "Quiz", difficulty: nil, kind: .multiple, text: #"What does \ stand for in {a} GIFT file?"#,
          correctAnswer: "a backslash", incorrectAnswers: ["a slash", "nothing"])
      ])
  }

  @Test func htmlIsReducedToItsTextAndPlainTextIsKept() throws {
    let bank = try decode(
      """
      [html]<p>Which gas is H<sub>2</sub>O&#39;s <br/>other half?</p>{=Oxygen ~Helium}

      [plain]Is <b> a tag?{=Yes ~No}
      """)
    #expect(bank.questions.map(\.text) == ["Which gas is H2O's other half?", "Is <b> a tag?"])
  }

  @Test func aFileWithNoQuestionToAskThrowsNamingTheFirstSkipped() {
    let error = #expect(throws: DataSourceError.self) { try decode("Essay?{}\n", name: "essays.gift") }
    #expect(
      error?.message
        == "essays.gift: no usable questions; 1 skipped (essays.gift:1: an essay question ({}), which the game cannot ask)"
    )
  }

  @Test func anUnclosedBraceOrTitleIsSkippedAtItsLine() throws {
    let bank = try decode("Good?{=Yes ~No}\n\nBroken?{=Yes ~No\n\n::Title only\n", locating: true)
    #expect(bank.questions.count == 1)
    #expect(
      bank.skipped.map(\.description) == [
        "quiz.gift:3: the { of the answers is never closed with }",
        "quiz.gift:5: the title's :: is never closed (a title is written ::title::)",
      ])
  }

  @Test func aFileNotUTF8IsReadAsWindows1252() throws {
    let bytes = Array("Caf".utf8) + [0xE9] + Array(" is French for?{=coffee ~tea}\n".utf8)
    let bank = try GIFTFormat.decode(bytes, name: "cafe.gift")
    #expect(bank.questions.first?.text == "Café is French for?")
  }
}
