import FixtureFolders
import Foundation
import Testing
import TriviaData

@Suite("Source completions")
struct SourceCompletionsTests {
  @Test func filesFoldersAndTheNamedSources() throws {
    let folder = try TemporaryFolder()
    try folder.write("questions.json", "{}")
    try folder.write("quiz.txt", "")
    try folder.write(".hidden.json", "")
    try FileManager.default.createDirectory(atPath: folder.path + "/quizzes", withIntermediateDirectories: true)
    let base = folder.path + "/"
    #expect(
      DataSourceSpec.completions(for: base + "q") == [base + "questions.json", base + "quiz.txt", base + "quizzes/"])
    #expect(DataSourceSpec.completions(for: base + "quizz") == [base + "quizzes/"])
    #expect(DataSourceSpec.completions(for: base) == [base + "questions.json", base + "quiz.txt", base + "quizzes/"])
    #expect(DataSourceSpec.completions(for: base + ".") == [base + ".hidden.json"])
    #expect(DataSourceSpec.completions(for: base + "nothing").isEmpty)
    #expect(DataSourceSpec.completions(for: "/no/such/folder/x").isEmpty)
  }

  @Test func theNamedSourcesComeFirst() {
    #expect(DataSourceSpec.completions(for: "bun").first == "bundled")
    #expect(DataSourceSpec.completions(for: "OPEN").first == "opentdb")
  }
}
