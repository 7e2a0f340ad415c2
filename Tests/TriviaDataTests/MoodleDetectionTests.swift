import FixtureFolders
import Testing

@testable import TriviaData

/// GIFT and Aiken told by their content (#38), after JSON and OpenTriviaQA, and text that
/// only looks a little like them left alone.
@Suite struct MoodleDetectionTests {
  func detect(_ text: String) -> QuestionFormat? {
    QuestionFormat.detect(bytes: Array(text.utf8))
  }

  @Test func giftByItsAnswersOrItsTitle() {
    #expect(detect("Which?{=a ~b}") == .gift)
    #expect(detect("Which?{\n  ~b\n  =a\n}") == .gift)
    #expect(detect("Sky is blue.{T}") == .gift)
    #expect(detect("Sky is blue.{FALSE#no}") == .gift)
    #expect(detect("Year?{#1989}") == .gift)
    #expect(detect("::Title:: Describe it.") == .gift)
  }

  @Test func aikenByAnAnswerLineAfterOptions() {
    #expect(detect("Which?\nA. one\nB) two\nANSWER: A\n") == .aiken)
    #expect(detect("\u{FEFF}Which?\r\nA. one\r\nB. two\r\n\r\nANSWER: B\r\n") == .aiken)
  }

  @Test func otherFormatsComeFirstAndOtherTextIsNone() {
    #expect(detect("{\"questions\": [{\"question\": \"a{=b ~c}\"}]}") == .questionFile)
    #expect(detect("#Q Which?\n^ a\nA a\nB {=b ~c}\n") == .openTriviaQA)
    #expect(detect("func f() {}\nlet x = { y in y }\n") == nil)
    #expect(detect("ANSWER: A\n") == nil)
    #expect(detect("Notes: see {TODO}\n") == nil)
  }

  @Test func theExpectationNamesTheNewFormats() {
    #expect(QuestionFormat.expectation.contains("Moodle GIFT text"))
    #expect(QuestionFormat.expectation.contains("Moodle Aiken text"))
    #expect(QuestionFormat.gift.credit == nil && QuestionFormat.aiken.credit == nil)
  }

  @Test func aFolderReadsGIFTAndAikenEachWithItsNameAsCategoryAndPassesOverAReadme() async throws {
    let folder = try TemporaryFolder()
    try folder.write("space-quiz.gift", "Which planet is red?{=Mars ~Venus}\n")
    try folder.write("world_capitals.txt", "Capital of Peru?\nA. Lima\nB. Quito\nANSWER: A\n")
    try folder.write("README.md", "# Notes\n\nfunc f() {}\nA. first\nB. second\n")
    let bank = try await DirectoryDataSource(path: folder.path).load(LoadRequest(count: 10, difficulty: .mixed))
    #expect(bank.questions.map(\.category) == ["Space Quiz", "World Capitals"])
    #expect(bank.formats == [.gift, .aiken])
    #expect(bank.filesIgnored.map(\.location) == ["README.md"])
  }
}
