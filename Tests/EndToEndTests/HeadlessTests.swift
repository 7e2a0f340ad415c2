import Foundation
import Testing

/// The game played through pipes, one command per line, as a script or CI would.
@Suite("Headless play")
struct HeadlessTests {
  static let seed = "20240611"

  /// Input that answers the first answer (a) to every question of a default round and leaves.
  static let answerOneEverywhere = "play\n" + String(repeating: "a\n\n", count: 10) + "done\nquit\n"

  /// What the right answer to a question is, learned from the verdict shown after answering a.
  static func rightAnswers(in transcript: Transcript) throws -> [Int] {
    let questions = transcript.questions
    return try questions.map { question in
      let exchange = try #require(
        transcript.exchanges.first { $0.prompt == "question \(question.number)/\(question.total)" && $0.input == "a" })
      let verdict = try #require(exchange.output.first)
      if verdict == "Correct!" { return 0 }
      let prefix = "Incorrect — the answer was "
      try #require(verdict.hasPrefix(prefix), "unexpected verdict \(verdict)")
      return try #require(question.answers.firstIndex(of: String(verdict.dropFirst(prefix.count))))
    }
  }

  @Test("A seeded round of 10 scores exactly the answers given right, by number, letter or text")
  func fullGame() async throws {
    let sandbox = try Sandbox()
    // First pass: answer a everywhere, to learn the deal and the right answers.
    let probe = try await sandbox.run(["--seed", Self.seed], input: Self.answerOneEverywhere)
    try #require(probe.status == 0)
    let deal = probe.transcript.questions
    try #require(deal.count == 10)
    #expect(deal.map(\.number) == Array(1...10))
    #expect(deal.allSatisfy { $0.total == 10 && $0.answers.count >= 2 })
    let right = try Self.rightAnswers(in: probe.transcript)

    // Second pass, same seed so the same deal: questions 3 and 7 wrong, the rest right,
    // answering by number, letter and typed text in turn, going on by `continue` or Enter.
    let wrong: Set<Int> = [2, 6]
    var input = "play\n"
    var typed: [String] = []
    for (index, question) in deal.enumerated() {
      let choice = wrong.contains(index) ? (right[index] + 1) % question.answers.count : right[index]
      let text = question.answers[choice]
      // Answers that are numbers are labelled by letter, and a number typed is the answer
      // itself; elsewhere a one-letter answer would read as a label: type its number.
      let numbered = !question.answers.contains { Double($0.filter { $0 != "," }) != nil }
      let typeable = !numbered || text.count > 1
      let answer: String
      switch index % 3 {
      case 1: answer = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(choice)))
      case 2 where typeable: answer = index == 5 ? text.uppercased() : text
      default: answer = numbered ? "\(choice + 1)" : text
      }
      typed.append(answer)
      input += answer + "\n" + (index.isMultiple(of: 2) ? "continue\n" : "\n")
    }
    input += "done\nquit\n"
    // A fresh history: this round's score is not compared with the probe's.
    let result = try await Sandbox().run(["--seed", Self.seed], input: input)
    #expect(result.status == 0)
    #expect(!result.timedOut)
    let transcript = result.transcript
    #expect(transcript.questions == deal)

    let verdicts = transcript.exchanges.filter { $0.prompt.hasPrefix("question ") }.map { $0.output.first ?? "" }
    #expect(verdicts.count == 10)
    for (index, verdict) in verdicts.enumerated() {
      if wrong.contains(index) {
        #expect(verdict == "Incorrect — the answer was \(deal[index].answers[right[index]])", "question \(index + 1)")
      } else {
        #expect(verdict == "Correct!", "question \(index + 1), typed \(typed[index])")
      }
    }
    let lines = result.stdout.split(separator: "\n")
    let correctCount = lines.filter { $0 == "Correct!" }.count
    #expect(correctCount == 8)
    let scoreLine = try #require(lines.first { $0.hasPrefix("Score: ") })
    #expect(scoreLine == "Score: \(correctCount)/10")

    // The running score after each answer.
    let progress = transcript.exchanges.filter { $0.prompt.hasPrefix("question ") }.map { $0.output.dropFirst().first }
    var score = 0
    for index in 0..<10 {
      if !wrong.contains(index) { score += 1 }
      let next = index == 9 ? "to see your score" : "for the next question"
      #expect(
        progress[index] == "Score so far: \(score) of \(index + 1). Press Enter or type continue \(next).")
    }

    let last = try #require(transcript.exchanges.last { $0.prompt == "continue" })
    #expect(
      last.output == [
        "", "Round complete", "Score: 8/10", "Good job!", "You answered 8 of 10 correctly.", "Best run: 3 in a row.",
        "Type play for another round, or done to return to the start.",
      ])
    #expect(transcript.prompts.suffix(3) == ["continue", "round over", "trivia"])
    #expect(transcript.response(to: "done")?.contains("TRIVIA") == true)
  }

  struct Band: Sendable, CustomTestStringConvertible {
    var right: Int
    var message: [String]
    var testDescription: String { "\(right) of 4 right" }
  }

  @Test(
    "The end of a round has a word for every score",
    arguments: [
      Band(right: 0, message: ["Perfectly imperfect!"]),
      Band(right: 1, message: ["Don't quit your day job.", "You answered 1 of 4 correctly."]),
      Band(right: 3, message: ["Good job!", "You answered 3 of 4 correctly."]),
      Band(right: 4, message: ["Congratulations! You answered all 4 correctly."]),
    ])
  func messageBand(_ band: Band) async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("four.json", QuestionFixtures.easy(4))
    let answers = (0..<4).map { $0 < band.right ? "right\n\n" : "wrong\n\n" }.joined()
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1"], input: "play\n" + answers + "done\nquit\n")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.filter { $0 == "Correct!" }.count == band.right)
    // The right answers come first: a run from 3 on is said after each, and the best run at the end.
    #expect(
      lines.filter { $0.hasSuffix(" in a row!") }
        == (band.right >= 3 ? (3...band.right).map { "\($0) in a row!" } : []))
    let final = try #require(result.transcript.exchanges.last { $0.prompt == "continue" })
    #expect(
      final.output == ["", "Round complete", "Score: \(band.right)/4"] + band.message
        + (band.right >= 2 ? ["Best run: \(band.right) in a row."] : []) + [
          "Type play for another round, or done to return to the start."
        ]
    )
  }

  @Test("The same seed gives byte-identical output; another seed deals another round")
  func seedReplays() async throws {
    // Each with the same history, none: what was asked before changes what is dealt.
    let first = try await Sandbox().run(["--seed", Self.seed], input: Self.answerOneEverywhere)
    let second = try await Sandbox().run(["--seed", Self.seed], input: Self.answerOneEverywhere)
    let other = try await Sandbox().run(["--seed", "7"], input: Self.answerOneEverywhere)
    #expect(first.status == 0 && second.status == 0 && other.status == 0)
    #expect(first.stdoutBytes.count > 1000)
    #expect(first.stdoutBytes == second.stdoutBytes)
    #expect(first.transcript.questions.count == 10)
    #expect(other.transcript.questions.count == 10)
    #expect(first.transcript.questions.map(\.text) != other.transcript.questions.map(\.text))
  }

  @Test("Headless output never contains escape bytes, even with TERM set")
  func noEscapes() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      ["--seed", Self.seed],
      input: "help\nxyzzy\noptions\ncount 0\ndifficulty\n9\nback\ndone\n" + Self.answerOneEverywhere,
      extraEnvironment: ["TERM": "xterm-256color", "COLORTERM": "truecolor", "CLICOLOR_FORCE": "1"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Round complete"))
    #expect(!result.stdoutBytes.contains(0x1B))
    #expect(!result.stderrBytes.contains(0x1B))
  }

  @Test(
    "End of input leaves with status 0 wherever it comes, saving a round in progress",
    arguments: [
      ("", "trivia", false), ("play\n", "question 1/10", true), ("play\na\n", "continue", true),
      ("options\ndifficulty\n", "difficulty", false),
      ("play\n" + String(repeating: "a\n\n", count: 10), "round over", false),
    ])
  func endOfInput(input: String, lastPrompt: String, saves: Bool) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--seed", Self.seed], input: input)
    #expect(!result.timedOut)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    let last = try #require(result.transcript.exchanges.last)
    #expect(last.prompt == lastPrompt)
    #expect(last.input.isEmpty)
    #expect(last.output == (saves ? [Expected.roundSaved] : []))
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath) == saves)
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
  }

  @Test(
    "quit leaves with status 0 and reads nothing more; mid-round it saves the round without asking",
    arguments: [
      ("quit\n", false), ("play\nquit\n", true), ("play\na\nquit\n", true), ("options\ndifficulty\nquit\n", false),
      ("QUIT\n", false),
    ])
  func quit(input: String, saves: Bool) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--seed", Self.seed], input: input + "back\nhelp\n")
    #expect(result.status == 0)
    #expect(!result.timedOut)
    let transcript = result.transcript
    #expect(transcript.exchanges.last?.input.lowercased() == "quit")
    #expect(transcript.exchanges.last?.output == (saves ? [Expected.roundSaved] : []))
    #expect(!result.stdout.contains("You can type:"))
    #expect(!result.stdout.contains(Transcript.abandonPrompt))
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath) == saves)
  }

  @Test("--script FILE and --script - play the same as piped input")
  func script() async throws {
    let sandbox = try Sandbox()
    let commands = "play\na\n\nb\ncontinue\nback\ny\nquit\n"
    let path = try sandbox.write("commands.txt", commands)
    // Each with no history, so each is dealt the same.
    let piped = try await Sandbox().run(["--seed", Self.seed], input: commands)
    // Standard input holds other commands, which --script FILE must not read.
    let fromFile = try await Sandbox().run(["--seed", Self.seed, "--script", path], input: "options\n")
    let fromDash = try await Sandbox().run(["--seed", Self.seed, "--script", "-"], input: commands)
    for result in [piped, fromFile, fromDash] {
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty)
    }
    #expect(piped.transcript.questions.count == 3)
    #expect(piped.transcript.exchanges.map(\.input) == ["play", "a", "", "b", "continue", "back", "y", "quit"])
    #expect(piped.transcript.response(to: "back") == [])
    #expect(piped.transcript.prompts.suffix(2) == [Transcript.abandonPrompt, "trivia"])
    #expect(
      piped.transcript.response(to: "y") == [Expected.roundAbandoned] + Expected.landing(unasked: "1,534 of 1,536"))
    #expect(piped.transcript.response(to: "quit") == [])
    #expect(fromFile.stdout == piped.stdout)
    #expect(fromDash.stdout == piped.stdout)
  }

  @Test("--script with a missing file is a usage error")
  func missingScript() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--script", sandbox.work + "/nope.txt"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("nope.txt"))
  }

  struct Unknown: Sendable, CustomTestStringConvertible {
    var before: String
    var prompt: String
    var message: String
    var testDescription: String { "on \(prompt)" }
  }

  static let unknownCommand = "Unknown command 'xyzzy'. Type help to see what you can do here."

  @Test(
    "Input a screen does not understand prints one line naming help and changes nothing",
    arguments: [
      Unknown(before: "", prompt: "trivia", message: unknownCommand),
      Unknown(before: "options\n", prompt: "options", message: unknownCommand),
      Unknown(before: "play\na\n", prompt: "continue", message: unknownCommand),
      Unknown(
        before: "play\n", prompt: "question 1/10",
        message: "'xyzzy' is not one of the answers: type 1-4, a-d or the answer (help for more)."),
      Unknown(before: "play\n" + String(repeating: "a\n\n", count: 10), prompt: "round over", message: unknownCommand),
    ])
  func unknownInput(_ unknown: Unknown) async throws {
    let sandbox = try Sandbox()
    // y answers the abandon question where back leaves a round; elsewhere it is just unknown.
    let after = "help\nback\ny\nquit\n"
    let trace = sandbox.work + "/with.jsonl"
    let plainTrace = sandbox.work + "/without.jsonl"
    // Every fixture question has four answers, whatever the deal.
    let source = try sandbox.write("ten.json", QuestionFixtures.easy(10))
    let with = try await sandbox.run(
      ["--source", source, "--seed", Self.seed, "--trace", trace], input: unknown.before + "xyzzy\n" + after)
    // With its own history, as empty as the first game's was.
    let without = try await Sandbox().run(
      ["--source", source, "--seed", Self.seed, "--trace", plainTrace], input: unknown.before + after)
    #expect(with.status == 0)
    var exchanges = with.transcript.exchanges
    let index = try #require(exchanges.firstIndex { $0.input == "xyzzy" })
    #expect(exchanges[index].prompt == unknown.prompt)
    #expect(exchanges[index].output == [unknown.message])
    #expect(exchanges[index + 1].prompt == unknown.prompt)
    exchanges.remove(at: index)
    #expect(exchanges == without.transcript.exchanges)
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == String(contentsOfFile: plainTrace, encoding: .utf8))
  }

  @Test("help on the landing screen lists what can be typed there")
  func helpOnLanding() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run([], input: "help\n")
    #expect(result.status == 0)
    let help = try #require(result.transcript.response(to: "help"))
    #expect(help.first == "You can type:")
    let words = help.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
    #expect(
      words == [
        "play", "options", "difficulty", "category", "source", "stats", "review", "about", "nights", "host", "join",
        "help", "back", "where", "open", "quit",
      ])
    #expect(help.dropFirst().allSatisfy { $0.hasPrefix("  ") && $0.split(separator: " ").count > 1 })
  }

  @Test("back on the landing screen says there is nothing to go back to")
  func backOnLanding() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run([], input: "back\nquit\n")
    #expect(result.status == 0)
    #expect(result.transcript.response(to: "back") == ["Nothing to go back to; type quit to leave."])
    #expect(result.transcript.prompts == ["trivia", "trivia"])
  }
}
