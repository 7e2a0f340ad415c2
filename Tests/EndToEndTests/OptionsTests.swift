import Foundation
import Testing

/// The options modal, the difficulty popover, saved options and the command-line flags.
@Suite("Options")
struct OptionsTests {
  @Test(
    "The options modal and the difficulty popover set the next round",
    arguments: ["easy", "2", "EASY", "b"])
  func changeThroughOptions(choice: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--seed", "11"], input: "options\ncount 3\ndifficulty\n\(choice)\ndone\nplay\n" + "a\n\na\n\na\n\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.response(to: "count 3") == [
        "", "Options", "  Questions:  3         type count N", "  Difficulty: Mixed     type difficulty",
        "  Category:   All       type category [NAME|all]", "  Time:       off       type time N",
        "  Source:     bundled   type source SPEC", "  Players:    you alone type players NAMES",
        "Type done when finished.",
      ])
    #expect(
      transcript.response(to: "difficulty") == [
        "Difficulty", "  1) Mixed  (current)", "  2) Easy", "  3) Medium", "  4) Hard",
        "Type a level by name or number, or back to keep it.",
      ])
    #expect(transcript.response(to: "difficulty") == Expected.difficulty(current: "Mixed"))
    #expect(transcript.response(to: choice)?.contains("  Difficulty: Easy      type difficulty") == true)
    let landing = try #require(transcript.response(to: "done"))
    #expect(landing.contains("  Questions:  3"))
    #expect(landing.contains("  Difficulty: Easy"))

    let questions = transcript.questions
    #expect(questions.count == 3)
    #expect(questions.allSatisfy { $0.total == 3 && $0.difficulty == "Easy" })
    #expect(transcript.prompts.contains("question 3/3"))
    #expect(!transcript.prompts.contains("question 4/3"))
    #expect(result.stdout.contains("Score: "))
    #expect(result.stdout.contains("/3\n"))
  }

  @Test("Options are saved and shown by the next run with the same config folder")
  func optionsPersist() async throws {
    let sandbox = try Sandbox()
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
    let first = try await sandbox.run([], input: "options\ncount 7\ndifficulty\nhard\ndone\nquit\n")
    #expect(first.status == 0)

    let data = try #require(FileManager.default.contents(atPath: sandbox.optionsPath))
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(json.values.contains { ($0 as? Int) == 7 })
    #expect(json.values.contains { ($0 as? String)?.lowercased() == "hard" })

    let second = try await sandbox.run([], input: "play\n")
    #expect(second.status == 0)
    #expect(second.transcript.preamble.contains("  Questions:  7"))
    #expect(second.transcript.preamble.contains("  Difficulty: Hard"))
    let questions = second.transcript.questions
    #expect(questions.count == 1)
    #expect(questions.first?.total == 7)
    #expect(questions.first?.difficulty == "Hard")

    // A different config folder starts from the defaults.
    let other = try Sandbox()
    let fresh = try await other.run([], input: "quit\n")
    #expect(fresh.transcript.preamble.contains("  Questions:  10"))
    #expect(fresh.transcript.preamble.contains("  Difficulty: Mixed"))
  }

  @Test("A category is found by the words people say: film, food and drink")
  func categoriesByTheirWords() async throws {
    let sandbox = try Sandbox()
    let options = try await sandbox.run(["--no-history"], input: "options\ncategory film\ndone\nquit\n")
    #expect(options.status == 0)
    #expect(options.stdout.contains("Category: Film & TV."), "\(options.stdout)")
    let played = try await sandbox.run(
      ["--no-history", "--seed", "2", "--count", "1", "--category", "food and drink"], input: "play\nquit\n")
    #expect(played.status == 0)
    #expect(played.stdout.contains("Question 1 of 1  Food & Drink ·"), "\(played.stdout)")
  }

  @Test("A choice in the popover opened from the landing screen is saved too")
  func landingDifficultyPersists() async throws {
    let sandbox = try Sandbox()
    let first = try await sandbox.run([], input: "difficulty\nmedium\nquit\n")
    #expect(first.status == 0)
    let landing = try #require(first.transcript.response(to: "medium"))
    #expect(landing.contains("  Difficulty: Medium"))
    let second = try await sandbox.run([], input: "")
    #expect(second.transcript.preamble.contains("  Difficulty: Medium"))
    #expect(second.transcript.preamble.contains("  Questions:  10"))
  }

  @Test("A count out of range or not a number is refused and changes nothing", arguments: ["0", "99", "x", "-3", "51"])
  func badCount(argument: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run([], input: "options\ncount \(argument)\ndone\nplay\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(
      transcript.response(to: "count \(argument)") == [
        "count takes a whole number from 1 to 50, not '\(argument)'."
      ])
    #expect(transcript.exchanges.map(\.prompt) == ["trivia", "options", "options", "trivia", "question 1/10"])
    #expect(transcript.response(to: "done")?.contains("  Questions:  10") == true)
    #expect(transcript.questions.first?.total == 10)
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
  }

  @Test("A level the popover does not offer is refused and changes nothing")
  func badLevel() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run([], input: "difficulty\n9\nextreme\nback\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    for input in ["9", "extreme"] {
      #expect(
        transcript.response(to: input) == [
          "'\(input)' is not a level: type Mixed, Easy, Medium, Hard or 1-4."
        ])
    }
    #expect(transcript.prompts == ["trivia", "difficulty", "difficulty", "difficulty", "trivia"])
    #expect(transcript.response(to: "back")?.contains("  Difficulty: Mixed") == true)
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
  }

  @Test("--count and --difficulty set the round")
  func flags() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--count", "2", "--difficulty", "medium", "--seed", "5"], input: "play\na\n\na\n\ndone\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(transcript.preamble.contains("  Questions:  2"))
    #expect(transcript.preamble.contains("  Difficulty: Medium"))
    #expect(transcript.questions.count == 2)
    #expect(transcript.questions.allSatisfy { $0.total == 2 && $0.difficulty == "Medium" })
    #expect(result.stdout.contains("Score: "))
  }

  @Test("--category all plays every category, as the category command's all does")
  func categoryAll() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run([], input: "category history\n")
    let result = try await sandbox.run(["--category", "ALL", "--count", "8", "--seed", "4"], input: "play\n")
    #expect(result.transcript.preamble.contains("  Category:   All"))
    let first = try #require(result.transcript.questions.first)
    #expect(first.total == 8)
    #expect(!result.stdout.contains("has no"))
  }

  @Test("Flags win over saved options")
  func flagsOverrideSaved() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run([], input: "options\ncount 4\ndifficulty\neasy\ndone\n")
    let result = try await sandbox.run(["--count", "6", "--difficulty", "hard"], input: "")
    #expect(result.transcript.preamble.contains("  Questions:  6"))
    #expect(result.transcript.preamble.contains("  Difficulty: Hard"))
    let plain = try await sandbox.run([], input: "")
    #expect(plain.transcript.preamble.contains("  Questions:  4"))
    #expect(plain.transcript.preamble.contains("  Difficulty: Easy"))
  }

  @Test(
    "Usage errors exit 64 with the message on standard error",
    arguments: [
      (["--count", "0"], "--count must be from 1 to 50, not 0."),
      (["--count", "51"], "--count must be from 1 to 50, not 51."),
      (["--count", "many"], "many"),
      (["--difficulty", "extreme"], "extreme"),
      (["--frobnicate"], "--frobnicate"),
      (["--seed", "-1"], "--seed"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(arguments, input: "play\n")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("Error: "))
    #expect(result.stderr.contains(message))
    #expect(result.stderr.contains("Usage: trivia"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.optionsPath))
  }
}
