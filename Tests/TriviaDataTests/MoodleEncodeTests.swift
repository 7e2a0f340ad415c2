import Testing

@testable import TriviaData

/// GIFT and Aiken written (`trivia convert --to quiz.gift`, `--to quiz.aiken`) and read back
/// (#38): the bundled bank through each, and text that each must escape or keep apart.
@Suite struct MoodleEncodeTests {
  static let awkward = [
    Question(
      category: "Signs/Symbols: ~ = # { }", difficulty: .medium, kind: .multiple,
      text: "[b] looks like a format; ::this:: like a title, and {=this ~that} like answers \\ #",
      correctAnswer: "%50% is not a weight", incorrectAnswers: ["// not a comment", "a\nline break", "é 🦉"],
      seconds: 30),
    Question(
      category: "Signs/Symbols: ~ = # { }", difficulty: nil, kind: .boolean, text: "// This is no comment.",
      correctAnswer: "False", incorrectAnswers: ["True"]),
    Question(
      category: "$CATEGORY: not a line", difficulty: .hard, kind: .boolean, text: "$CATEGORY: neither is this.",
      correctAnswer: "True", incorrectAnswers: ["False"]),
  ]

  func bundledBank() async throws -> [Question] {
    Array(try await BundledDataSource().load(LoadRequest(count: 10, difficulty: .mixed)).questions)
  }

  @Test func theBundledBankThroughGIFTIsTheSameQuestionsAndGIFTAgainTheSameFile() async throws {
    let bank = try await bundledBank()
    let gift = GIFTFormat.encode(bank)
    let read = try QuestionFormat.decode(gift, name: "bank.gift")
    #expect(read.formats == [.gift])
    #expect(read.skipped.isEmpty)
    #expect(Array(read.questions) == bank)
    #expect(GIFTFormat.encode(read.questions) == gift)
  }

  @Test func awkwardTextThroughGIFT() throws {
    let gift = GIFTFormat.encode(Self.awkward)
    let text = String(decoding: gift, as: UTF8.self)
    // A category's path is not escaped, as Moodle's own export writes it: `/` in a name is `//`.
    #expect(text.contains("$CATEGORY: $course$/top/Signs//Symbols: ~ = # { }\n"))
    #expect(text.contains("// difficulty: medium\n// seconds: 30\n[plain][b] looks like"))
    #expect(text.contains("[plain]// This is no comment. {F}"))
    let read = try GIFTFormat.decode(gift, name: "awkward.gift")
    #expect(Array(read.questions) == Self.awkward)
    #expect(read.skipped.isEmpty)
  }

  @Test func theBundledBankThroughAikenKeepsTextAnswersAndKind() async throws {
    let bank = try await bundledBank()
    let aiken = try AikenFormat.encode(bank)
    let read = try QuestionFormat.decode(aiken, name: "bank.txt")
    #expect(read.formats == [.aiken])
    #expect(read.skipped.isEmpty)
    let kept = { (question: Question) in [question.text, question.correctAnswer] + question.incorrectAnswers }
    #expect(read.questions.map(kept) == bank.map(kept))
    #expect(read.questions.map(\.kind) == bank.map(\.kind))
    #expect(try AikenFormat.encode(read.questions) == aiken)
  }

  @Test func aikenMovesTheRightAnswerAndWritesTrueFalseInOrder() throws {
    let text = String(decoding: try AikenFormat.encode(Self.awkward), as: UTF8.self)
    #expect(
      text.hasPrefix(
        "[b] looks like a format; ::this:: like a title, and {=this ~that} like answers \\ #\n"
          + "A. %50% is not a weight\nB. // not a comment\nC. a line break\nD. é 🦉\nANSWER: A\n\n"
          + "// This is no comment.\nA. True\nB. False\nANSWER: B\n\n"))
    let moved = Question(
      category: "C", difficulty: nil, kind: .multiple, text: "Second?", correctAnswer: "Right",
      incorrectAnswers: ["Wrong", "Worse"])
    let second = String(decoding: try AikenFormat.encode([moved, moved]), as: UTF8.self)
    #expect(second.hasSuffix("Second?\nA. Wrong\nB. Right\nC. Worse\nANSWER: B\n\n"))
  }

  @Test func aikenRefusesAQuestionWithMoreOptionsThanLetters() {
    let many = Question(
      category: "C", difficulty: nil, kind: .multiple, text: "Which?", correctAnswer: "0",
      incorrectAnswers: (1...26).map(String.init))
    #expect(throws: DataSourceError.self) { try AikenFormat.encode([many]) }
  }
}
