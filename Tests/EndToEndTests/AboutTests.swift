import Foundation
import Testing

/// `about`: the screen added to prove that a screen offered everywhere costs four places.
@Suite("About")
struct AboutTests {
  @Test("about tells the version, each file kept and where, and who wrote the questions")
  func aboutOnTheLanding() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--seed", "1"], input: "about\nhelp\ndone\n")
    #expect(result.status == 0)
    let about = try #require(result.transcript.response(to: "about"))
    #expect(about.contains { $0.hasPrefix("About trivia ") })
    let kept = [
      ("Options", sandbox.optionsPath), ("A round left to resume", sandbox.sessionPath),
      ("Lines typed", sandbox.state + "/trivia/history"),
      ("Open Trivia DB tokens", sandbox.state + "/trivia/opentdb-token.json"),
      ("Answers (SQLite)", sandbox.historyFile),
    ]
    for (holds, path) in kept {
      #expect(about.contains { $0.hasPrefix("  " + holds) && $0.hasSuffix("  " + path) }, "\(holds)")
    }
    #expect(about.contains("  Source: bundled"))
    #expect(
      about.contains(
        "  Written and fact-checked for this game, licensed CC BY-SA 4.0 (Data/LICENSE): reuse them crediting "
          + "\"the trivia project's bundled bank, CC BY-SA 4.0\"."))
    #expect(result.transcript.prompts == ["trivia", "about", "about", "trivia"])
    // Its own screen offers done, and no second about.
    let help = try #require(result.transcript.response(to: "help"))
    #expect(help.contains { $0.hasPrefix("  done ") })
    #expect(!help.contains { $0.hasPrefix("  about ") })
  }

  @Test("Without history, about lists no history file")
  func withoutHistory() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--no-history"], input: "about\n")
    let about = try #require(result.transcript.response(to: "about"))
    #expect(!about.contains { $0.contains("history.sqlite") })
  }

  @Test(
    "An OpenTriviaQA source is credited with its licence, and about waits while a question does",
    .enabled(
      if: FileManager.default.fileExists(atPath: SourceSwitchTests.openTriviaQAPath + "/animals"),
      "the OpenTriviaQA collection is not at ../shared/data/opentriviaqa"))
  func creditsAThirdPartysQuestions() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--seed", "1", "--count", "1", "--source", SourceSwitchTests.openTriviaQAPath + "/animals"],
      input: "play\nabout\n1\n\nabout\n")
    let about = try #require(result.transcript.response(to: "about"))
    #expect(about == ["'about' is not one of the answers: type 1-4, a-d or the answer (help for more)."])
    let credited = try #require(result.transcript.response(to: "about", occurrence: 1))
    #expect(credited.contains("  From OpenTriviaQA (github.com/uberspot/OpenTriviaQA), licensed CC BY-SA 4.0."))
    #expect(result.transcript.prompts.suffix(2) == ["round over", "about"])
  }

  @Test(
    "A folder's LICENSE beside its questions is named, with the format's credit",
    .enabled(
      if: FileManager.default.fileExists(atPath: SourceSwitchTests.openTriviaQAPath + "/LICENSE"),
      "the OpenTriviaQA collection is not at ../shared/data/opentriviaqa"))
  func namesAFoldersLicence() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--no-history", "--source", SourceSwitchTests.openTriviaQAPath], input: "about\n", timeout: .seconds(30))
    let about = try #require(result.transcript.response(to: "about"))
    #expect(about.contains("  From OpenTriviaQA (github.com/uberspot/OpenTriviaQA), licensed CC BY-SA 4.0."))
    #expect(about.contains("  The folder's LICENSE says: CC BY-SA 4.0."), "\(about)")
  }
}
