import Testing

@testable import TriviaData

/// What the moodle fuzz target (Fuzz/MoodleFuzz.swift) found in the GIFT and Aiken readers,
/// each cut down to the fault: text kept with a space at an end that the other readers
/// trim, and questions `convert` wrote that read back otherwise.
@Suite("Moodle fuzzing regressions")
struct MoodleFuzzRegressionTests {
  /// Found: HTML text after form feeds kept them, though HTML counts the form feed as space.
  @Test func giftHTMLTextStartsAfterFormFeeds() throws {
    let text = "[moodle]\u{0C}\u{0C}Which is <b>the</b> capital? {=Paris ~Lyon}\n"
    let bank = try GIFTFormat.decode(Array(text.utf8), name: "q.gift")
    #expect(bank.questions.first?.text == "Which is the capital?")
  }

  /// Plain text, answers and a category lose what Python's `strip` takes, as OpenTriviaQA's
  /// text does: control characters of the space kind (0x1C to 0x1F), a form feed, a no-break
  /// space.
  @Test func giftTextAnswersAndCategoryAreStrippedOfEverySpace() throws {
    let text =
      "$CATEGORY: $course$/top/\u{1C}Geography\u{0C}\n\n\u{1F}Capital of France?\u{0B} {=\u{A0}Paris ~Lyon\u{1D}}\n"
    let question = try #require(try GIFTFormat.decode(Array(text.utf8), name: "q.gift").questions.first)
    #expect(question.category == "Geography")
    #expect(question.text == "Capital of France?")
    #expect(question.correctAnswer == "Paris")
    #expect(question.incorrectAnswers == ["Lyon"])
  }

  /// Found: "B. \u{1F}Sahara" kept the separator before the option's text, and a line's
  /// end kept one after the question's.
  @Test func aikenTextAndOptionsAreStrippedOfEverySpace() throws {
    let text = "Which is the largest desert?\u{1F}\nA. Antarctic\nB. \u{1F}Sahara\u{0C}\nANSWER: A\n"
    let question = try #require(try AikenFormat.decode(Array(text.utf8), name: "q.txt").questions.first)
    #expect(question.text == "Which is the largest desert?")
    #expect(question.correctAnswer == "Antarctic")
    #expect(question.incorrectAnswers == ["Sahara"])
  }

  /// Found: a CR inside a line (an old Mac's line end) stayed in the option, and `convert`
  /// wrote it as a space, so the question read back otherwise. It is a space when read.
  @Test func aikenCRWithinALineIsASpaceAndRoundTrips() throws {
    let text = "Which river\rflows through Kyiv?\nA) Volga\rRiver\nB) Dnipro\nANSWER: B\n"
    let bank = try AikenFormat.decode(Array(text.utf8), name: "q.txt")
    let question = try #require(bank.questions.first)
    #expect(question.text == "Which river flows through Kyiv?")
    #expect(question.incorrectAnswers == ["Volga River"])
    let again = try AikenFormat.decode(try AikenFormat.encode(bank.questions), name: "q.txt")
    #expect(Array(again.questions) == Array(bank.questions))
  }

  /// Found: a category whose name starts with `/` was written "top///name", which reads as
  /// the folder "top/" and the category "name". It is written after a space now.
  @Test(arguments: ["/ure", "///ure", "ure/", "a//b", "/"])
  func giftCategoryWithSlashesRoundTrips(category: String) throws {
    let question = Question(
      category: category, difficulty: nil, kind: .multiple, text: "Q?", correctAnswer: "A", incorrectAnswers: ["B"])
    let written = GIFTFormat.encode([question])
    let again = try GIFTFormat.decode(written, name: "q.gift")
    #expect(again.questions.first?.category == category, "\(String(decoding: written, as: UTF8.self))")
  }
}
