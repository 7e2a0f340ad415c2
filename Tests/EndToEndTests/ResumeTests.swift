import Foundation
import Testing

/// A round left by quit or the end of input is saved, offered at the next start, and resumed
/// where it was; a saved file that cannot be trusted is reported and ignored.
@Suite("Resume")
struct ResumeTests {
  static let arguments = ["--seed", "8", "--count", "5"]

  /// The score after the `answered`-th answer, read from the feedback's running score.
  static func score(after answered: Int, in transcript: Transcript) throws -> Int {
    let line = try #require(
      transcript.allLines.last { $0.hasPrefix("Score so far: ") && $0.contains(" of \(answered).") })
    let words = line.split(separator: " ")
    return try #require(Int(words[3]))
  }

  /// Plays two questions of five, answering 1, and quits on question 3.
  static func quitOnThirdQuestion(_ sandbox: Sandbox) async throws -> (question: Transcript.ShownQuestion, score: Int) {
    let first = try await sandbox.run(arguments, input: "play\na\n\na\n\nquit\n")
    try #require(first.status == 0)
    let transcript = first.transcript
    #expect(transcript.prompts.last == "question 3/5")
    #expect(transcript.response(to: "quit") == [Expected.roundSaved])
    let question = try #require(transcript.questions.last)
    #expect(question.number == 3)
    return (question, try score(after: 2, in: transcript))
  }

  @Test("a play whose questions fail to load leaves the saved round to resume (#37)")
  func aFailedLoadKeepsTheSavedRound() async throws {
    let sandbox = try Sandbox()
    let (question, _) = try await Self.quitOnThirdQuestion(sandbox)
    let failed = try await sandbox.run(["--source", "missing.json"], input: "play\nback\nquit\n")
    #expect(failed.status == 0)
    #expect(failed.stdout.contains("missing.json"))
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
    let resumed = try await sandbox.run([], input: "resume\nquit\n")
    #expect(resumed.transcript.preamble == Expected.landing(canResume: true))
    #expect(resumed.transcript.response(to: "resume")?.first == "Resuming question 3 of 5.")
    #expect(resumed.transcript.questions.first == question)
  }

  @Test("quit mid-round saves it; resume at the next start goes on at the same question with the same score")
  func resumeCommand() async throws {
    let sandbox = try Sandbox()
    let (question, score) = try await Self.quitOnThirdQuestion(sandbox)

    let session = try SavedSessionFile(path: sandbox.sessionPath)
    #expect(session.version == 1)
    #expect(session.index == 2)
    #expect(session.answered == 2)
    #expect(session.score == score)
    #expect(session.total == 5)

    // No flags this time: the round keeps the count it was dealt with.
    let second = try await sandbox.run([], input: "help\nresume\na\n\na\n\na\n\ndone\nquit\n")
    #expect(second.status == 0)
    let transcript = second.transcript
    #expect(transcript.preamble == Expected.landing(canResume: true))
    let help = try #require(transcript.response(to: "help"))
    #expect(help.dropFirst().prefix(2).map { $0.split(separator: " ").first } == ["play", "resume"])
    let resumed = try #require(transcript.response(to: "resume"))
    #expect(resumed.first == "Resuming question 3 of 5.")
    #expect(transcript.questions.first == question)
    #expect(transcript.questions.map(\.number) == [3, 4, 5])
    #expect(transcript.prompts.prefix(3) == ["trivia", "trivia", "question 3/5"])

    // The score goes on from where it was.
    let rightNow = second.stdout.split(separator: "\n").filter { $0 == "Correct!" }.count
    let thirdRight = transcript.response(to: "a")?.first == "Correct!"
    #expect(try Self.score(after: 3, in: transcript) == score + (thirdRight ? 1 : 0))
    #expect(second.stdout.contains("Score: \(score + rightNow)/5\n"))
    // The round was finished: nothing is left to resume.
    #expect(transcript.response(to: "quit") == [])
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test("--resume goes straight on with the saved round")
  func resumeFlag() async throws {
    let sandbox = try Sandbox()
    let (question, score) = try await Self.quitOnThirdQuestion(sandbox)
    let second = try await sandbox.run(["--resume"], input: "a\n")
    #expect(second.status == 0)
    let transcript = second.transcript
    // Straight on: no landing telling the player to type resume first (#37).
    #expect(transcript.preamble.first == "Resuming question 3 of 5.")
    #expect(!second.stdout.contains("A round you left is saved"))
    #expect(transcript.questions.first == question)
    #expect(transcript.prompts.first == "question 3/5")
    let response = try #require(transcript.response(to: "a"))
    let thirdRight = response.first == "Correct!"
    #expect(response.dropFirst().first?.hasPrefix("Score so far: \(score + (thirdRight ? 1 : 0)) of 3.") == true)
  }

  @Test("--resume with nothing saved says so and stays on the landing")
  func resumeFlagWithoutSave() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--resume"], input: "")
    #expect(result.status == 0)
    #expect(result.transcript.preamble == ["There is no saved round to resume."] + Expected.landing())
    #expect(result.transcript.prompts == ["trivia"])
  }

  @Test("A round saved on the feedback resumes on the feedback, and Enter goes on")
  func feedbackState() async throws {
    let sandbox = try Sandbox()
    let first = try await sandbox.run(Self.arguments, input: "play\na\n\na\nquit\n")
    try #require(first.status == 0)
    #expect(first.transcript.prompts.last == "continue")
    #expect(first.transcript.response(to: "quit") == [Expected.roundSaved])
    let question = try #require(first.transcript.questions.last)
    let verdict = try #require(first.transcript.exchanges.last { $0.prompt == "question 2/5" }?.output)
    #expect(verdict.count == 2)
    // Saved as answered and awaiting the next question: resume shows the feedback again.
    let saved = try SavedSessionFile(path: sandbox.sessionPath)
    #expect(saved.answered == (saved.index ?? -1) + 1)

    let second = try await sandbox.run([], input: "resume\nwhere\n\n")
    let transcript = second.transcript
    let resumed = try #require(transcript.response(to: "resume"))
    #expect(resumed.first == "Resuming question 2 of 5.")
    #expect(transcript.questions.first == question)
    // The question, then the same verdict and running score as before.
    #expect(Array(resumed.suffix(2)) == verdict)
    #expect(
      transcript.response(to: "where") == [
        "You are on the verdict on your answer, over a question of your round, over the start screen."
      ])
    #expect(transcript.prompts == ["trivia", "continue", "continue", "question 3/5"])
  }

  @Test("play on a landing that offers a saved round starts a new one and drops the saved one")
  func playDropsSaved() async throws {
    let sandbox = try Sandbox()
    _ = try await Self.quitOnThirdQuestion(sandbox)
    let second = try await sandbox.run([], input: "play\nback\ny\nquit\n")
    #expect(second.transcript.prompts.prefix(2) == ["trivia", "question 1/10"])
    #expect(second.transcript.response(to: "y")?.first == Expected.roundAbandoned)
    #expect(second.transcript.response(to: "y")?.contains(Expected.resumeOffer) == false)
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test("Resuming removes the saved file at once; leaving again saves the round anew")
  func fileRemovedOnResume() async throws {
    let sandbox = try Sandbox()
    _ = try await Self.quitOnThirdQuestion(sandbox)
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))

    let game = try LiveProcess(sandbox, arguments: [])
    try game.expect(Expected.resumeOffer)
    try game.expect("trivia> ")
    try game.send("resume")
    try game.expect("question 3/5> ")
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
    game.closeInput()
    #expect(game.waitForExit(timeout: .seconds(5)) == 0)
    #expect(game.text.hasSuffix(Expected.roundSaved + "\n"))
    #expect(try SavedSessionFile(path: sandbox.sessionPath).index == 2)
  }

  @Test(
    "Looking around the landing keeps the offer to resume",
    arguments: [
      "options\ndone\n", "difficulty\nback\n", "help\nwhere\n", "open trivia://landing\n",
      "source missing.json\nback\n",
    ])
  func offerKept(detour: String) async throws {
    let sandbox = try Sandbox()
    _ = try await Self.quitOnThirdQuestion(sandbox)
    let result = try await sandbox.run([], input: detour + "resume\n")
    #expect(result.status == 0)
    #expect(result.transcript.preamble == Expected.landing(canResume: true))
    #expect(result.transcript.response(to: "resume")?.first == "Resuming question 3 of 5.")
    #expect(result.transcript.prompts.last == "question 3/5")

    // Whether offered or not, the round stays saved until it is resumed or replaced.
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  struct Damage: Sendable, CustomTestStringConvertible {
    var name: String
    /// Changes a good saved file; nil replaces it with `text`.
    var text: String?
    var change: (@Sendable (inout [String: Any]) -> Void)?
    /// What the first line says after the path, before where the file is kept (#17: a file
    /// that cannot be used is moved aside, not just ignored).
    var message: String
    var testDescription: String { name }
  }

  static let damages = [
    Damage(name: "not JSON", text: "{\"version\": 1, \"round\": ", message: " is not a saved session"),
    Damage(
      name: "version 99", change: { $0["version"] = 99 },
      message: " has version 99, expected 1"),
    Damage(
      name: "no version", change: { $0["version"] = nil },
      message: " has no version, expected 1"),
    Damage(
      name: "a score above the answers given",
      change: { json in
        var round = json["round"] as? [String: Any] ?? [:]
        round["score"] = 4
        json["round"] = round
      }, message: " holds a round that does not add up"),
    Damage(
      name: "a question past the end",
      change: { json in
        var round = json["round"] as? [String: Any] ?? [:]
        round["index"] = 9
        json["round"] = round
      }, message: " holds a round that does not add up"),
    Damage(
      name: "no round", change: { $0["round"] = nil }, message: " is damaged"),
  ]

  @Test("A saved file that cannot be trusted is reported in one line and ignored", arguments: damages)
  func damaged(_ damage: Damage) async throws {
    let sandbox = try Sandbox()
    _ = try await Self.quitOnThirdQuestion(sandbox)
    let good = try Data(contentsOf: URL(fileURLWithPath: sandbox.sessionPath))
    for arguments in [[], ["--resume"]] {
      try good.write(to: URL(fileURLWithPath: sandbox.sessionPath))
      if let text = damage.text {
        try Data(text.utf8).write(to: URL(fileURLWithPath: sandbox.sessionPath))
      } else {
        var json = try SavedSessionFile(path: sandbox.sessionPath).json
        damage.change?(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: sandbox.sessionPath))
      }
      let damaged = try Data(contentsOf: URL(fileURLWithPath: sandbox.sessionPath))
      let result = try await sandbox.run(arguments, input: "resume\nhelp\nquit\n")
      #expect(result.status == 0, "\(arguments)")
      #expect(!result.timedOut)
      #expect(result.stderr.isEmpty)
      let transcript = result.transcript
      // One sentence: what is wrong, where the file is kept, and what that means.
      let said = try #require(transcript.preamble.first)
      let kept = try #require(said.firstMatch(of: try Regex(#"kept as (\S+session\.json\.corrupt-[0-9T-]+),"#)))
      #expect(said.hasPrefix(sandbox.sessionPath + damage.message + "; it is kept as "))
      #expect(said.hasSuffix(", and there is no round to resume."))
      let aside = String(said[kept.range]).dropFirst("kept as ".count).dropLast()
      #expect(try Data(contentsOf: URL(fileURLWithPath: String(aside))) == damaged)
      #expect(
        Array(transcript.preamble.dropFirst())
          == (arguments.isEmpty ? [] : ["There is no saved round to resume."]) + Expected.landing(), "\(arguments)")
      #expect(
        transcript.response(to: "resume") == ["Unknown command 'resume'. Type help to see what you can do here."])
      #expect(transcript.response(to: "help")?.contains { $0.hasPrefix("  resume ") } == false)
      #expect(transcript.questions.isEmpty)
    }
  }

  @Test("The landing after a resumed round says how many questions are left, as after any round")
  func leftAfterAResumedRound() async throws {
    let sandbox = try Sandbox()
    let arguments = ["--seed", "3", "--count", "2"]
    let first = try await sandbox.run(arguments, input: "play\na\n\nquit\n")
    try #require(first.transcript.response(to: "quit") == [Expected.roundSaved])
    let second = try await sandbox.run(arguments, input: "resume\nb\n\ndone\n")
    #expect(second.status == 0)
    // Two questions answered, one in each game.
    #expect(
      second.transcript.response(to: "done")?.contains("  Left:       1,534 of 1,536 questions not yet asked") == true)
  }
}
