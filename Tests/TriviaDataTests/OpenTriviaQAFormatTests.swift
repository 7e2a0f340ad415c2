import Foundation
import Testing

@testable import TriviaData

@Suite struct OpenTriviaQAFormatTests {
  func decode(_ bytes: [UInt8], name: String = "science-technology") throws -> QuestionBank {
    try OpenTriviaQAFormat.decode(bytes, name: name)
  }

  func decode(_ text: String, name: String = "science-technology") throws -> QuestionBank {
    try decode(Array(text.utf8), name: name)
  }

  /// Everything a file's blocks give, usable or not, without throwing when none is.
  func read(_ text: String, name: String = "f") -> QuestionBank {
    var bank = QuestionBank(questions: [])
    OpenTriviaQAFormat.decode(Array(text.utf8), name: name, category: "C", into: &bank)
    return bank
  }

  @Test func readsAMultipleChoiceBlock() throws {
    let bank = try decode(
      """
      #Q What is the chemical symbol for gold?
      ^ Au
      A Ag
      B Au
      C Gd
      D Go

      """)
    #expect(bank.skipped.isEmpty)
    #expect(
      bank.questions == [
        Question(
          category: "Science Technology", difficulty: nil, kind: .multiple,
          text: "What is the chemical symbol for gold?", correctAnswer: "Au", incorrectAnswers: ["Ag", "Gd", "Go"])
      ])
  }

  @Test func readsTrueFalseBlocksAsBooleanInAnyOrderAndCase() throws {
    let bank = try decode(
      """
      #Q The sun is a star.
      ^ True
      A True
      B False

      #Q Bats are birds.
      ^ false
      A FALSE
      B true

      #Q Three options are not boolean.
      ^ True
      A True
      B False
      C Maybe
      """)
    #expect(bank.questions.count == 2)
    #expect(bank.questions[0].kind == .boolean)
    #expect(bank.questions[0].correctAnswer == "True")
    #expect(bank.questions[0].incorrectAnswers == ["False"])
    #expect(bank.questions[1].kind == .multiple)
    // The answer is compared byte for byte, as the reference does: "false" is not "FALSE".
    #expect(bank.skipped == [.init(location: "science-technology:6", reason: "the answer is not one of the options")])
  }

  @Test func booleanAnswersAreWrittenTrueAndFalse() throws {
    let bank = try decode("#Q Bats are birds.\n^ false\nA true\nB false\n")
    let question = try #require(bank.questions.first)
    #expect(question.kind == .boolean)
    #expect(question.correctAnswer == "False")
    #expect(question.incorrectAnswers == ["True"])
  }

  @Test func questionsAndOptionsGoOnOverSeveralLines() throws {
    let bank = try decode(
      """
      #Q Which of these
        spans several
      lines?
      ^ The long answer
      A A short one
      B The long
          answer
      C Another
      """)
    let question = try #require(bank.questions.first)
    #expect(question.text == "Which of these spans several lines?")
    #expect(question.correctAnswer == "The long answer")
    #expect(question.incorrectAnswers == ["A short one", "Another"])
  }

  @Test func aQuestionStartingOnItsSecondLine() throws {
    let question = try #require(try decode("#Q\nWhat now?\n^ A\nA A\nB B\n").questions.first)
    #expect(question.text == "What now?")
  }

  @Test func crlfAndLFMixed() throws {
    let bank = try decode("#Q One?\r\n^ Yes\r\nA Yes\r\nB No\r\n\r\n#Q Two?\n^ No\nA Yes\r\nB No\n")
    #expect(bank.questions.map(\.text) == ["One?", "Two?"])
    #expect(bank.questions.map(\.correctAnswer) == ["Yes", "No"])
    #expect(bank.questions[0].incorrectAnswers == ["No"])
  }

  @Test func aLoneCarriageReturnEndsALineAsInPython() throws {
    let question = try #require(try decode("#Q First\rsecond?\n^ A\nA A\rB B\n").questions.first)
    #expect(question.text == "First second?")
    #expect(question.incorrectAnswers == ["B"])
  }

  @Test func windows1252LinesAmongUTF8Lines() throws {
    var bytes = Array("#Q Which caf".utf8) + [0xE9] + Array(" sells \u{201C}UTF-8\u{201D}?\n".utf8)
    bytes += Array("^ ".utf8) + [0x93] + Array("Le Caf".utf8) + [0xE9, 0x94, 0x0D, 0x0A]
    bytes += Array("A ".utf8) + [0x93] + Array("Le Caf".utf8) + [0xE9, 0x94, 0x0A]
    bytes += Array("B Café Crème\n".utf8)
    bytes += Array("C ".utf8) + [0x80] + Array("5 ".utf8) + [0x96] + Array(" cheap\n".utf8)
    let question = try #require(try decode(bytes).questions.first)
    // The first line is not UTF-8 (a lone 0xE9), so it is read wholly as Windows-1252.
    #expect(question.text == "Which café sells â€œUTF-8â€\u{FFFD}?")
    #expect(question.correctAnswer == "\u{201C}Le Café\u{201D}")
    #expect(question.incorrectAnswers == ["Café Crème", "€5 – cheap"])
  }

  @Test func aByteOrderMarkIsNotText() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#Q Marked?\n^ Yes\nA Yes\nB No\n".utf8)
    let question = try #require(try decode(bytes).questions.first)
    #expect(question.text == "Marked?")
  }

  @Test func linesBeforeTheFirstBlockAndBlankLinesAreIgnored() throws {
    let bank = try decode("Some header\n^ not an answer\nA not an option\n\n   \n#Q Real?\n\n^ Yes\n\nA Yes\n\nB No\n")
    #expect(bank.questions.count == 1)
    #expect(bank.questions[0].text == "Real?")
    #expect(bank.questions[0].incorrectAnswers == ["No"])
  }

  @Test func anIndentedMarkerDoesNotStartABlock() throws {
    let question = try #require(try decode("#Q One\n  #Q still one?\n^ A\nA A\nB B\n").questions.first)
    #expect(question.text == "One #Q still one?")
  }

  @Test func emptyOptionLinesAreDroppedAndUnicodeSpacesTrimmed() throws {
    let question = try #require(
      try decode("#Q Where?\n^ Paris\nA Paris\u{A0}\nB\nC  \nD London\u{3000}\n").questions.first)
    #expect(question.correctAnswer == "Paris")
    #expect(question.incorrectAnswers == ["London"])
  }

  @Test func anOptionMayStartWithAnyLetter() throws {
    let question = try #require(try decode("#Q Which?\n^ Two\nÉ One\nx Two\n").questions.first)
    #expect(question.incorrectAnswers == ["One"])
    #expect(question.correctAnswer == "Two")
    let joined = try #require(try decode("#Q Which?\n^ One\nA One\nB Two\n1 more\n").questions.first)
    #expect(joined.incorrectAnswers == ["Two 1 more"])
  }

  @Test func repeatedOptionsAreShownOnce() throws {
    let question = try #require(try decode("#Q Which?\n^ A\nA A\nB B\nC B\nD A\nE C\n").questions.first)
    #expect(question.incorrectAnswers == ["B", "C"])
  }

  @Test func manyOptionsWithRepeatsAreShownOnceInOrder() throws {
    // More than a handful of options are told apart by hash.
    let options = (0..<40).map { "A Option \($0 % 25)\n" }.joined()
    let question = try #require(try decode("#Q Which?\n^ Option 3\n" + options).questions.first)
    #expect(question.incorrectAnswers == (0..<25).filter { $0 != 3 }.map { "Option \($0)" })
  }

  @Test func eachSkipReasonWithItsLine() {
    let bank = read(
      """
      #Q No answer here
      A One
      B Two

      #Q Only one option
      ^ One
      A One

      #Q Answer missing from options
      ^ Three
      A One
      B Two

      #Q Same option twice
      ^ One
      A One
      B One

      #Q
      ^ One
      A One
      B Two

      #Q Fine
      ^ One
      A One
      B Two
      """, name: "quiz.txt")
    #expect(bank.questions.map(\.text) == ["Fine"])
    #expect(
      bank.skipped == [
        .init(location: "quiz.txt:1", reason: OpenTriviaQAFormat.Problem.noAnswer.description),
        .init(location: "quiz.txt:5", reason: OpenTriviaQAFormat.Problem.tooFewOptions.description),
        .init(location: "quiz.txt:9", reason: OpenTriviaQAFormat.Problem.answerNotAnOption.description),
        .init(location: "quiz.txt:14", reason: OpenTriviaQAFormat.Problem.tooFewOptions.description),
        .init(location: "quiz.txt:19", reason: OpenTriviaQAFormat.Problem.noQuestionText.description),
      ])
  }

  @Test func lineNumbersCountLFsAcrossCRLFAndWindows1252Lines() {
    var bytes = Array("#Q Caf".utf8) + [0xE9] + Array("?\r\n^ x\r\nA x\r\n\r\n".utf8)
    bytes += Array("#Q Missing\r\n^ y\r\nA x\r\nB z\r\n".utf8)
    var bank = QuestionBank(questions: [])
    OpenTriviaQAFormat.decode(bytes, name: "f", category: "C", into: &bank)
    #expect(bank.skipped.map(\.location) == ["f:1", "f:5"])
  }

  @Test func theAnswerComparesExactly() {
    let bank = read("#Q Case?\n^ paris\nA Paris\nB London\n")
    #expect(bank.skipped.map(\.reason) == [OpenTriviaQAFormat.Problem.answerNotAnOption.description])
  }

  @Test func aFileWithoutUsableBlocksIsAnError() throws {
    let none = try #require(throws: DataSourceError.self) { try decode("just text\n", name: "notes") }
    #expect(none.message == "notes: no usable questions; 0 skipped (no line starts with #Q)")
    let bad = try #require(throws: DataSourceError.self) { try decode("#Q Lonely\nA x\n", name: "bad") }
    #expect(
      bad.message == "bad: no usable questions; 1 skipped (bad:1: no answer: the block has no line starting with ^)")
  }

  @Test func categoryFromFileName() {
    #expect(OpenTriviaQAFormat.category(forFileName: "science-technology") == "Science Technology")
    #expect(OpenTriviaQAFormat.category(forFileName: "/data/for-kids") == "For Kids")
    #expect(OpenTriviaQAFormat.category(forFileName: "video_games.txt") == "Video Games")
    #expect(OpenTriviaQAFormat.category(forFileName: "animals") == "Animals")
  }
}
