import Foundation
import Testing

/// Players taking turns at one terminal, through the binary: the prompt names whose turn it
/// is, a right answer scores as in a night, the score screen shows the standings, and the
/// players are kept with the options, with a saved round and in the history.
@Suite("Turns at one terminal")
struct HotSeatTests {
  /// Questions whose right answer is always `Right`: what a script answers is known.
  static func source(_ sandbox: Sandbox) throws -> String {
    try sandbox.write("questions.json", QuestionFixtures.easy(8))
  }

  @Test("A seeded headless round of turns: whose turn, the points as a night scores them, the standings")
  func standings() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    // Ann waits 5 of 10 s and is right (750), Bob is wrong (0), Ann is right at once (1000),
    // Bob waits 2 s and is right (900): 500 + round(500 × msLeft / limitMs).
    let script = try sandbox.write(
      "turns.txt", "play\nwait 5\nright\n\nwrong\n\nright\n\nwait 2\nright\n\ndone\nquit\n")
    let arguments = [
      "--players", "Ann,Bob", "--seed", "5", "--count", "4", "--time", "10", "--source", source, "--script", script,
      "--no-history",
    ]
    let result = try await sandbox.run(arguments)
    #expect(result.status == 0, "\(result.stderr)")
    let transcript = result.transcript
    #expect(transcript.preamble.contains("  Players:    Ann, Bob"))
    #expect(
      transcript.prompts == [
        "trivia", "question 1/4 · Ann · 10s", "question 1/4 · Ann · 5s", "continue", "question 2/4 · Bob · 10s",
        "continue", "question 3/4 · Ann · 10s", "continue", "question 4/4 · Bob · 10s", "question 4/4 · Bob · 8s",
        "continue", "round over", "trivia",
      ])
    #expect(transcript.response(to: "play")?.contains("Ann's turn") == true)
    #expect(
      transcript.response(to: "right")?.prefix(3) == [
        "Correct!", "+750 points · 750 in all · 1st of 2", "Press Enter or type continue for Bob's turn.",
      ])
    #expect(
      transcript.response(to: "wrong")?.prefix(3) == [
        "Incorrect — the answer was Right", "+0 points · 0 in all · 2nd of 2",
        "Press Enter or type continue for Ann's turn.",
      ])
    #expect(
      transcript.response(to: "right", occurrence: 2)?.prefix(3) == [
        "Correct!", "+900 points · 900 in all · 2nd of 2", "Press Enter or type continue to see the standings.",
      ])
    let end = try #require(transcript.exchanges.first { $0.prompt == "round over" })
    let score = try #require(transcript.exchanges.last { $0.prompt == "continue" }).output
    #expect(
      score == [
        "", "Round complete", "  1  Ann  1,750", "  2  Bob    900", "Ann wins with 1,750 points.",
        "Type play for another round, or done to return to the start.",
      ])
    #expect(end.input == "done")
    // The same seed and script print the same bytes.
    #expect(try await sandbox.run(arguments).stdout == result.stdout)
  }

  @Test("A recorded round of turns keeps its players in the header and replays to the same transcript")
  func record() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    let recording = sandbox.work + "/turns.trivia"
    let played = try await sandbox.run(
      ["--players", "Ann,Bob", "--source", source, "--seed", "6", "--count", "2", "--record", recording],
      input: "play\nright\n\nwrong\n\ndone\nquit\n")
    #expect(played.status == 0)
    let header = try String(contentsOfFile: recording, encoding: .utf8).split(separator: "\n").first
    #expect(header?.contains("--players Ann,Bob") == true)
    let replayed = try await sandbox.run(["--script", recording])
    #expect(replayed.stdout == played.stdout)
    #expect(replayed.stdout.contains("  2  Bob      0\n"))
  }

  @Test(
    "--players that will not do is a usage error",
    arguments: [
      ("Ann", "--players: Players are 2 to 6 different names with commas between, as in Ann, Bob; 1 will not do."),
      ("Zoë,ZOE", "--players: The name ZOE is taken: it looks like Zoë."),
      ("Ann,B\u{1B}[2Jb", "--players: A name cannot hold control characters."),
    ])
  func refused(players: String, says: String) async throws {
    let result = try await Sandbox().run(["--players", players])
    #expect(result.status == 64)
    #expect(result.stderr.contains(says), "\(result.stderr.debugDescription)")
  }

  @Test("players on the options screen is saved and plays next time; players off is one player again")
  func options() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    let first = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "2"],
      input: "options\nplayers Ann\nplayers Ann, ann\nplayers Ann,  Zoë\ndone\nquit\n")
    #expect(first.status == 0)
    let transcript = first.transcript
    #expect(
      transcript.response(to: "players Ann")?.first
        == "Players are 2 to 6 different names with commas between, as in Ann, Bob; 1 will not do.")
    #expect(transcript.response(to: "players Ann, ann")?.first == "The name ann is taken: it looks like Ann.")
    #expect(transcript.response(to: "players Ann,  Zoë")?.contains { $0.hasPrefix("  Players:    Ann, Zoë ") } == true)
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sandbox.optionsPath)))
    #expect((saved as? [String: Any])?["players"] as? [String] == ["Ann", "Zoë"])

    let second = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "2"],
      input: "play\nright\n\nright\n\ndone\noptions\nplayers off\ndone\nquit\n")
    #expect(second.status == 0)
    #expect(second.transcript.prompts.prefix(4) == ["trivia", "question 1/2 · Ann", "continue", "question 2/2 · Zoë"])
    #expect(second.stdout.contains("  1  Ann  1,000\n"))
    let third = try await sandbox.run(["--source", source, "--seed", "1", "--count", "2"], input: "play\nquit\n")
    #expect(!third.transcript.preamble.contains { $0.hasPrefix("  Players:") })
    #expect(third.transcript.prompts.last == "question 1/2")
  }

  @Test("A round of turns saved at quit resumes on the same player's turn with the same points")
  func resume() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    let first = try await sandbox.run(
      ["--players", "Ann,Bob,Cy", "--source", source, "--seed", "3", "--count", "5", "--no-history"],
      input: "play\nright\n\nwrong\n\nquit\n")
    #expect(first.transcript.prompts.last == "question 3/5 · Cy")
    let saved = try String(contentsOfFile: sandbox.sessionPath, encoding: .utf8)
    #expect(saved.contains(#""players":["Ann","Bob","Cy"]"#))

    // No --players this time: the round keeps those it was dealt for.
    let second = try await sandbox.run(["--no-history"], input: "resume\nright\n\nquit\n")
    #expect(second.status == 0)
    #expect(second.transcript.prompts.prefix(2) == ["trivia", "question 3/5 · Cy"])
    #expect(
      second.transcript.response(to: "right")?.prefix(3) == [
        "Correct!", "+1,000 points · 1,000 in all · 2nd of 3", "Press Enter or type continue for Ann's turn.",
      ])
    #expect(second.transcript.prompts.last == "question 4/5 · Ann")
  }

  @Test("A timed round of turns resumed on Bob's turn times Bob's answer as it timed Ann's (#37)")
  func resumeTimed() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    let first = try await sandbox.run(
      ["--players", "Ann,Bob", "--source", source, "--seed", "5", "--count", "4", "--time", "10", "--no-history"],
      input: "play\nwait 5\nright\n\nquit\n")
    #expect(first.transcript.prompts.last == "question 2/4 · Bob · 10s")
    // No --time this time: Bob's question goes on with its 10 s, and 2 of them taken cost him
    // points as they would have Ann (500 + 500 × 8/10), not a flat 1,000.
    let second = try await sandbox.run(["--no-history"], input: "resume\nwait 2\nright\n\nquit\n")
    #expect(second.transcript.prompts.prefix(2) == ["trivia", "question 2/4 · Bob · 10s"])
    #expect(second.transcript.response(to: "right")?.prefix(2) == ["Correct!", "+900 points · 900 in all · 1st of 2"])
  }

  @Test("History keeps whose answer each was, and stats NAME shows one player's")
  func history() async throws {
    let sandbox = try Sandbox()
    let source = try Self.source(sandbox)
    let result = try await sandbox.run(
      ["--players", "Ann,Zoë", "--source", source, "--seed", "4", "--count", "3"],
      input: "play\nright\n\nwrong\n\nwrong\n\nstats zoe\ndone\nstats ANN\ndone\nstats\ndone\nquit\n")
    #expect(result.status == 0)
    #expect(
      try HistoryTests.rows(sandbox, "SELECT player, is_right FROM answers ORDER BY id") == ["Ann|1", "Zoë|0", "Ann|0"])
    #expect(try HistoryTests.rows(sandbox, "SELECT players FROM rounds") == ["Ann, Zoë"])
    let zoe = try #require(result.transcript.response(to: "stats zoe"))
    #expect(zoe.prefix(3) == ["", "Zoë's stats", "  Rounds played to the end: 1"])
    #expect(zoe.contains("  Answers: 1, 0 right (0%)"))
    let ann = try #require(result.transcript.response(to: "stats ANN"))
    #expect(ann.contains("  Answers: 2, 1 right (50%)"))
    // The player's own stats are not the players' answers (#27).
    let own = try #require(result.transcript.response(to: "stats"))
    // After rounds in turns only, it says so and names whose they were (#37), rather than
    // "No answers yet" beside a landing that counts the questions asked.
    #expect(
      own == [
        "No answers of your own yet: rounds played in turns are their players'. Type stats and a name for theirs: "
          + "Ann, Zoë."
      ], "\(own)")
  }
}
