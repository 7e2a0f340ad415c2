import Foundation
import Testing

/// `trivia convert SOURCE… --to FILE.json` run as a person runs it, and the file it writes
/// played with `--source`.
@Suite("trivia convert")
struct ConvertCommandTests {
  @Test("An OpenTriviaQA file and an Open Trivia DB response become one bank the game plays")
  func convertsAndPlays() async throws {
    let sandbox = try Sandbox()
    let quiz = try sandbox.write(
      "world-rivers", "#Q Which river flows through Vienna?\n^ Danube\nA Danube\nB Rhine\nC Elbe\n")
    let response = try sandbox.write(
      "response.json",
      #"{"response_code":0,"results":[{"type":"multiple","difficulty":"hard","category":"Books","#
        + #""question":"Who wrote &quot;Dune&quot;?","correct_answer":"Frank Herbert","#
        + #""incorrect_answers":["Isaac Asimov","Arthur C. Clarke"]}]}"#)
    let output = sandbox.work + "/bank.json"
    let converted = try await sandbox.run(["convert", quiz, response, "--to", output])
    #expect(converted.status == 0)
    #expect(converted.stdout == "Wrote 2 questions to \(output) (0 skipped).\n")
    #expect(converted.stderr.isEmpty)

    let checked = try await sandbox.run(["check", output])
    #expect(checked.stdout.hasSuffix("Checked 2 questions in 1 file: no errors, 1 warning.\n"))
    #expect(checked.stdout.contains(":4:5: warning: no level (easy, medium or hard): it plays only under Mixed"))

    let played = try await sandbox.run(
      ["--source", output, "--seed", "3", "--no-history"], input: "category\nquit\n")
    #expect(played.status == 0)
    let categories = try #require(played.transcript.response(to: "category"))
    #expect(categories.contains { $0.contains("World Rivers") })
    #expect(categories.contains { $0.contains("Books") })
  }

  @Test("A source that cannot be read: the reason, status 1, and no file written")
  func failure() async throws {
    let sandbox = try Sandbox()
    let output = sandbox.work + "/bank.json"
    let result = try await sandbox.run(["convert", sandbox.work + "/missing.txt", "--to", output])
    #expect(result.status == 1)
    #expect(result.stderr == "trivia convert: \(sandbox.work)/missing.txt: No such file or directory\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  @Test("Questions a source skips are named on standard error")
  func skipped() async throws {
    let sandbox = try Sandbox()
    let quiz = try sandbox.write("quiz", "#Q Broken?\nA one\n\n#Q Fine?\n^ Yes\nA Yes\nB No\n")
    let output = sandbox.work + "/bank.json"
    let result = try await sandbox.run(["convert", quiz, "--to", output])
    #expect(result.status == 0)
    #expect(result.stdout == "Wrote 1 question to \(output) (1 skipped).\n")
    #expect(result.stderr == "\(quiz):1: skipped: no answer: the block has no line starting with ^\n")
  }

  /// A spreadsheet's other format (`.ods`) or a name of no format: each written format is
  /// named, and nothing is written.
  @Test(
    "A file named for no format convert writes: the extensions it writes, status 1, no file",
    arguments: ["quiz.ods", "bank.quiz"])
  func unknownExtension(name: String) async throws {
    let sandbox = try Sandbox()
    let output = sandbox.work + "/" + name
    let result = try await sandbox.run(["convert", "bundled", "--to", output])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "trivia convert: \(output): cannot tell what to write: name the file .json (the game's own JSON), .csv "
        + "or .xlsx (a spreadsheet), .gift (Moodle GIFT), or .aiken or .txt (Moodle Aiken)\n")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
