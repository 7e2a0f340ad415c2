import Foundation
import Testing

/// `trivia check FILE…` run as a person runs it: the lines it prints, the status it exits with.
@Suite("trivia check")
struct CheckCommandTests {
  static let good = QuestionFixtures.file([
    QuestionFixtures.question("Which planet is red?", correct: "Mars", incorrect: ["Venus", "Saturn"]),
    QuestionFixtures.question("Which metal is liquid at room temperature?", correct: "Mercury", incorrect: ["Iron"]),
  ])

  @Test("A good file: the summary alone, status 0")
  func goodFile() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write("good.json", Self.good)
    let result = try await sandbox.run(["check", path])
    #expect(result.status == 0)
    #expect(result.stdout == "Checked 2 questions in 1 file: no errors, no warnings.\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("Errors: each with file, line and column, and status 1")
  func errors() async throws {
    let sandbox = try Sandbox()
    let skipped = try sandbox.write(
      "skipped.json",
      QuestionFixtures.file([
        QuestionFixtures.question("Which planet is red?", correct: "Mars", incorrect: ["Venus"]),
        QuestionFixtures.question("Which is right?", type: "essay"),
      ]))
    let broken = try sandbox.write("broken.json", "{\"questions\": [\n  {\"question\": \"Where?\",}\n]}\n")
    let result = try await sandbox.run(["check", skipped, broken])
    #expect(result.status == 1)
    #expect(
      result.stdout.components(separatedBy: "\n") == [
        "\(skipped):3:48: error: the game skips question 2: \"type\" must be multiple or boolean, not \"essay\"",
        "\(broken):2:25: error: expected a field name in double quotes, found '}'",
        "Checked 2 questions (1 skipped) in 2 files: 2 errors, no warnings.", "",
      ])
  }

  @Test("Every fault of a skipped question is named; a missing file is an error, not a file checked")
  func everyFaultAndAMissingFile() async throws {
    let sandbox = try Sandbox()
    let skipped = try sandbox.write(
      "skipped.json",
      QuestionFixtures.file([
        QuestionFixtures.question("Which planet is red?", correct: "Mars", incorrect: ["Venus"]),
        QuestionFixtures.question("Which is right?", difficulty: "tricky", type: "essay", correct: nil),
      ]))
    let missing = sandbox.work + "/missing.json"
    let result = try await sandbox.run(["check", skipped, missing])
    #expect(result.status == 1)
    #expect(
      result.stdout.components(separatedBy: "\n") == [
        "\(skipped):3:1: error: the game skips question 2: missing field \"correct_answer\"",
        "\(skipped):3:26: error: the game skips question 2: \"difficulty\" must be easy, medium or hard, not \"tricky\"",
        "\(skipped):3:50: error: the game skips question 2: \"type\" must be multiple or boolean, not \"essay\"",
        "\(missing): error: No such file or directory",
        "Checked 2 questions (1 skipped) in 1 file: 4 errors, no warnings.", "",
      ])
  }

  @Test("Warnings only: status 0, and 1 with --strict, which prints them as errors")
  func warnings() async throws {
    let sandbox = try Sandbox()
    let path = try sandbox.write(
      "bank.json",
      QuestionFixtures.file([
        QuestionFixtures.question("Which planet is red?", correct: "Mars", incorrect: ["Venus", "Saturn"]),
        QuestionFixtures.question("Which  PLANET is red?", correct: "Mars", incorrect: ["Venus", "Saturn"]),
        QuestionFixtures.question("Which planet is named for Mars?", correct: "Mars", incorrect: ["mars", "Venus"]),
      ]))
    let plain = try await sandbox.run(["check", path])
    #expect(plain.status == 0)
    let expected = [
      "\(path):3:68: warning: the same question as at line 2, column 68",
      "\(path):4:68: warning: the right answer 'Mars' is written in the question",
      "\(path):4:141: warning: the right answer 'Mars' is also among the wrong ones, as 'mars'",
      "Checked 3 questions in 1 file: no errors, 3 warnings.", "",
    ]
    #expect(plain.stdout.components(separatedBy: "\n") == expected)
    let strict = try await sandbox.run(["check", "--strict", path])
    #expect(strict.status == 1)
    #expect(
      strict.stdout.components(separatedBy: "\n")
        == expected.dropLast(2).map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") } + [
          "Checked 3 questions in 1 file: no errors, 3 warnings (errors under --strict).", "",
        ])
  }

  @Test("No file named is a usage error")
  func noFile() async throws {
    let result = try await Sandbox().run(["check"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("Missing expected argument '<files> ...'"))
  }

  @Test(
    "A real OpenTriviaQA file: no errors, and the questions wider than two lines are named",
    .enabled(if: FileManager.default.fileExists(atPath: SourceSwitchTests.openTriviaQAPath + "/animals")))
  func openTriviaQA() async throws {
    let path = SourceSwitchTests.openTriviaQAPath + "/animals"
    let result = try await Sandbox().run(["check", path], timeout: .seconds(60))
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "\(path):2:1: warning: no question in this file has a level (easy, medium or hard): all 1,366 play only under Mixed"
    )
    #expect(lines.last?.hasPrefix("Checked 1,366 questions in 1 file: no errors, ") == true)
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix(path + ":") && $0.contains(": warning: ") })
  }

  @Test("The game still plays without a subcommand, and --help names the tools")
  func playStillPlays() async throws {
    let sandbox = try Sandbox()
    let help = try await sandbox.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--source <source>"))
    #expect(help.stdout.contains("check"))
    #expect(help.stdout.contains("convert"))
    let played = try await sandbox.run(
      ["--seed", "7", "--count", "1", "--no-history"], input: "play\n1\n\ndone\nquit\n")
    #expect(played.status == 0)
    #expect(played.transcript.questions.count == 1)
  }

  /// The column of `marker` in `line`, counted in characters as the checker counts.
  static func column(of marker: String, in line: String) throws -> Int {
    let range = try #require(line.range(of: marker))
    return line.distance(from: line.startIndex, to: range.lowerBound) + 1
  }

  @Test("Bytes that are not UTF-8 and control characters, raw or escaped: a warning each, at line and column")
  func textFaults() async throws {
    let sandbox = try Sandbox()
    let lines = [
      QuestionFixtures.question("Which colour is \u{1B}[31mthis?", correct: "Yes", incorrect: ["No"]),
      QuestionFixtures.question("Which byte is @@ here?", correct: "Yes", incorrect: ["No"]),
      QuestionFixtures.question("Which is \u{9B}2J clear?", correct: "Yes", incorrect: ["No"]),
      QuestionFixtures.question("Which way is \u{202E}left?", correct: "Yes", incorrect: ["No"]),
    ]
    #expect(!lines[0].unicodeScalars.contains("\u{1B}"), "the ESC is written as a JSON escape")
    var bytes = Array(QuestionFixtures.file(lines).utf8)
    let marker = Array("@@".utf8)
    let at = try #require((0..<bytes.count).first { Array(bytes[$0..<$0 + 2]) == marker })
    bytes.replaceSubrange(at..<at + 2, with: [0xFF])
    let path = sandbox.work + "/faults.json"
    try Data(bytes).write(to: URL(fileURLWithPath: path))

    let result = try await sandbox.run(["check", path])
    #expect(result.status == 0)
    let shown = "\u{FFFD}"
    #expect(
      result.stdout.components(separatedBy: "\n") == [
        "\(path):2:\(try Self.column(of: "\"question\"", in: lines[0])): warning: the question holds the control "
          + "character U+001B (ESC, which begins escape sequences), written as an escape: the game shows \(shown) in its place",
        "\(path):3:\(try Self.column(of: "@@", in: lines[1])): warning: byte 0xFF is not UTF-8: the game shows "
          + "\(shown) in its place",
        "\(path):4:\(try Self.column(of: "\u{9B}", in: lines[2])): warning: the control character U+009B (CSI, which "
          + "begins escape sequences): the game shows \(shown) in its place",
        "\(path):5:\(try Self.column(of: "\u{202E}", in: lines[3])): warning: the bidirectional control U+202E, which "
          + "reorders the text around it: the game shows \(shown) in its place",
        "Checked 4 questions in 1 file: no errors, 4 warnings.", "",
      ])
    let strict = try await sandbox.run(["check", "--strict", path])
    #expect(strict.status == 1)
  }
}
