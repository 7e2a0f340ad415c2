import Foundation
import Glibc
import ProcessSpawn
import Testing

/// What the game keeps in `history.sqlite`, read with the sqlite3 shell as a player would.
@Suite("History")
struct HistoryTests {
  /// Rows of `sql` in the sandbox's history file, columns split on `|`.
  static func rows(_ sandbox: Sandbox, _ sql: String) throws -> [String] {
    try KeptFileFaultTests.shell(sandbox.historyFile, sql)
  }

  @Test("Every answer and round is kept, readable with the sqlite3 shell")
  func roundsAndAnswers() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["--seed", "7", "--count", "2"], input: "play\na\n\nb\n\ndone\nplay\na\nquit\n")
    #expect(result.status == 0)
    // Each answer as the verdict shown said.
    let right = result.transcript.allLines.filter { $0 == "Correct!" }.count
    #expect(try Self.rows(sandbox, "SELECT count(*), sum(is_right) FROM answers") == ["3|\(right)"])
    #expect(
      try Self.rows(sandbox, "SELECT question_count, difficulty, total, ended_how FROM rounds ORDER BY id")
        == ["2|mixed|2|completed", "2|mixed|2|saved"])
    // The score kept is the one shown.
    let score = try #require(result.transcript.allLines.first { $0.hasPrefix("Score: ") })
    #expect(
      try Self.rows(sandbox, "SELECT score || '/' || total FROM rounds WHERE id = 1") == [String(score.dropFirst(7))])
    #expect(
      try Self.rows(sandbox, "SELECT DISTINCT source, typeof(question_id) FROM answers") == ["bundled|integer"])
    #expect(try Self.rows(sandbox, "PRAGMA user_version") == ["6"])

    // The round saved at quit goes on in the same row when resumed, and ends there.
    _ = try await sandbox.run([], input: "resume\n\nb\n\ndone\nquit\n")
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM rounds") == ["2"])
    #expect(
      try Self.rows(
        sandbox, "SELECT ended_how, (SELECT count(*) FROM answers WHERE round_id = 2) FROM rounds WHERE id = 2") == [
          "completed|2"
        ])
  }

  @Test("The score screen says when a round beat the best of its category and length")
  func newBest() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("two.json", QuestionFixtures.easy(2))
    // 1 of 2, then 2 of 2 (a new best), then 2 of 2 again (no better).
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1"],
      input: "play\nright\n\nwrong\n\ndone\nplay\nright\n\nright\n\ndone\nplay\nright\n\nright\n\ndone\n")
    let ends = result.transcript.exchanges.filter { $0.output.contains("Round complete") }.map(\.output)
    try #require(ends.count == 3)
    #expect(ends.map { $0.first { $0.hasPrefix("Score: ") } } == ["Score: 1/2", "Score: 2/2", "Score: 2/2"])
    #expect(!ends[0].contains { $0.hasPrefix("New best") }, "nothing to beat yet")
    #expect(ends[1].contains("New best for all categories at 2 questions: 2/2."))
    #expect(!ends[2].contains { $0.hasPrefix("New best") }, "equal is no new best")
  }

  @Test("review shows the last round, missed first, on the score screen and at the next start")
  func review() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("two.json", QuestionFixtures.easy(2))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1"], input: "play\nright\n\nwrong\n\nreview\ndone\ndone\n")
    let shown = try #require(result.transcript.response(to: "review"))
    #expect(Array(shown.prefix(3)) == ["", "Review of the last round", "1 missed, 1 right; the missed first."])
    #expect(shown[3].hasPrefix("  missed Fixture question "))
    #expect(shown[4].hasPrefix("         you said ") && shown[4].hasSuffix("; the answer is Right"))
    #expect(shown[5].hasPrefix("  right  Fixture question "))
    #expect(result.transcript.response(to: "done")?.contains("Round complete") == true)

    let later = try await sandbox.run(["--source", source], input: "review\n")
    #expect(Array(later.transcript.response(to: "review")?.prefix(3) ?? []) == Array(shown.prefix(3)))
    let none = try await Sandbox().run(["--no-history"], input: "review\n")
    #expect(
      none.transcript.response(to: "review")
        == ["This game keeps no history (--no-history, --record): no round to review."])
  }

  @Test("play missed deals only questions answered wrong and not since right; a link asks the same")
  func playMissed() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("four.json", QuestionFixtures.easy(4))
    // Two wrong, two right.
    _ = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "4"], input: "play\nwrong\n\nright\n\nwrong\n\nright\n\ndone\n")
    let missed = Set(try Self.rows(sandbox, "SELECT question FROM answers WHERE is_right = 0"))
    try #require(missed.count == 2)
    let first = try await sandbox.run(
      ["--source", source, "--count", "4"], input: "play missed\nright\n\nright\n\ndone\n")
    #expect(Set(first.transcript.questions.map(\.text)) == missed)
    #expect(first.transcript.questions.allSatisfy { $0.total == 2 })
    // Now answered right, they are no longer missed.
    let none = try await sandbox.run(["--source", source, "--open", "trivia://play?missed=1"], input: "")
    #expect(
      none.stdout.contains("No questions you missed in \(source): any you got wrong, you have since answered right."))
    let refused = try await sandbox.run(["--source", source], input: "play again\n")
    #expect(
      refused.transcript.response(to: "play again")
        == ["play takes nothing, or missed for the questions you got wrong; not 'again'."])
  }

  @Test("A history file the player cannot write is said once, left as it was, and the game plays")
  func readOnlyFile() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["--seed", "1", "--count", "1"], input: "play\na\n\ndone\n")
    let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile))
    // Root writes whatever the mode says: as root the game runs as nobody, in folders it may
    // read but not write.
    let folder = sandbox.state + "/trivia"
    for path in [sandbox.root, sandbox.state, folder, sandbox.home, sandbox.config] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.historyFile)
    let game = ["--seed", "1", "--count", "1", "--script", "-"]
    let asRoot = getuid() == 0
    let result = try TriviaProcess.run(
      arguments: asRoot ? ["-u", "nobody", "--", TriviaBinary.path] + game : game,
      input: Array("play\na\n\ndone\nquit\n".utf8), environment: sandbox.environment, timeout: .seconds(15),
      executable: asRoot ? "/usr/sbin/runuser" : TriviaBinary.path)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Round complete"))
    let said = result.stdout.split(separator: "\n").filter { $0.hasPrefix("History not") }
    #expect(said.count == 1, "\(said)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.historyFile)) == before)
  }

  @Test("--no-history neither reads nor writes it, and the transcript is the same but what only history knows")
  func noHistory() async throws {
    let sandbox = try Sandbox()
    let input = "play\na\n\nb\n\ndone\nquit\n"
    let without = try await sandbox.run(["--seed", "3", "--count", "2", "--no-history"], input: input)
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyFile))
    let with = try await sandbox.run(["--seed", "3", "--count", "2"], input: input)
    #expect(FileManager.default.fileExists(atPath: sandbox.historyFile))
    // The landing says how many questions were never asked only when history is kept.
    let left = "  Left:       1,534 of 1,536 questions not yet asked\n"
    #expect(with.stdout.contains(left))
    #expect(with.stdout.replacingOccurrences(of: left, with: "") == without.stdout)
  }

  @Test("A damaged history file is moved aside and said once; the game plays")
  func damagedFile() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(atPath: sandbox.state + "/trivia", withIntermediateDirectories: true)
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: sandbox.historyFile))
    let result = try await sandbox.run(["--seed", "1", "--count", "2"], input: "play\na\n\nb\n\ndone\nquit\n")
    #expect(result.status == 0)
    #expect(result.stdout.components(separatedBy: "was damaged; it is kept as").count == 2)
    #expect(result.transcript.allLines.contains { $0.hasPrefix("Score: ") })
    let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.state + "/trivia")
      .filter { $0.hasPrefix("history.sqlite.corrupt-") }
    #expect(kept.count == 1)
    #expect(try Self.rows(sandbox, "SELECT count(*) FROM answers") == ["2"])
  }

  @Test("Two games answering at once both keep every answer, and nobody hears the file is locked")
  func twoGamesAtOnce() async throws {
    let sandbox = try Sandbox()
    // Ten rounds of five, each game: 50 answers each, written as fast as they are read.
    let input =
      "options\ncount 5\ndone\n"
      + String(repeating: "play\n" + String(repeating: "a\n\n", count: 5) + "done\n", count: 10) + "quit\n"
    let environment = sandbox.environment
    let runs = [1, 2].map { seed in
      Task.detached {
        try TriviaProcess.run(
          arguments: ["--seed", "\(seed)"], input: Array(input.utf8), environment: environment,
          timeout: .seconds(60))
      }
    }
    var results: [ProcessResult] = []
    for run in runs { results.append(try await run.value) }
    for result in results {
      #expect(result.status == 0)
      #expect(!result.stdout.contains("locked"))
      #expect(!result.stdout.contains("History not"))
    }
    let answers = try Self.rows(sandbox, "SELECT count(*) FROM answers")
    let rounds = try Self.rows(sandbox, "SELECT count(*) FROM rounds WHERE ended_how = 'completed'")
    #expect(
      answers == ["100"],
      "\(answers) \(results.map { $0.stdout.split(separator: "\n").filter { $0.contains("kept") || $0.contains("trivia/") } })"
    )
    #expect(rounds == ["20"], "\(rounds)")
  }

  @Test("Killed at random moments while answering, 200 times: the file is whole and keeps every answer shown")
  func killedWhileAnswering() async throws {
    // Two minutes of blocking on keys and kills: on a thread of its own, not one the other
    // tests' tasks need.
    try await onOwnThread {
      let sandbox = try Sandbox()
      var generator = SystemRandomNumberGenerator()
      var shown = 0
      for _ in 0..<200 {
        let game = try LiveProcess(sandbox, arguments: ["--count", "50"])
        try game.send("play")
        // Loading the bank is slow when the machine is busy with every other test.
        try game.expect("question 1/50> ", timeout: .seconds(30))
        // Some answers whose verdict is seen, then one more sent and the kill a moment later.
        let answers = Int.random(in: 0...3, using: &generator)
        for _ in 0..<answers {
          try game.send("a")
          try game.expect("continue> ")
          try game.send("")
          try game.expect("> ")
          shown += 1
        }
        try game.send("a")
        usleep(UInt32.random(in: 0...3_000, using: &generator))
        game.send(signal: SIGKILL)
        _ = game.waitForExit(timeout: .seconds(5))
      }
      #expect(try Self.rows(sandbox, "PRAGMA integrity_check") == ["ok"])
      let kept = try #require(Int(try Self.rows(sandbox, "SELECT count(*) FROM answers").first ?? ""))
      // Every verdict seen was recorded first; the answer sent just before a kill may or may not be.
      #expect(kept >= shown)
      #expect(kept <= shown + 200)
    }
  }
}

extension HistoryTests {
  @Test("stats on the score screen and the landing show how the player has done, in bars that fit 80 columns")
  func stats() async throws {
    // Two Mathematics questions, both answered right: the deal and its right answers are
    // learned first, from the same seed in a sandbox of its own.
    let arguments = ["--seed", "7", "--count", "2", "--category", "Mathematics"]
    let probe = try await Sandbox().run(arguments, input: "play\na\n\na\n\ndone\nquit\n")
    let right = try zip(probe.transcript.questions, HeadlessTests.rightAnswers(in: probe.transcript)).map {
      $0.answers[$1]
    }
    try #require(right.count == 2)
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      arguments,
      input: "play\n\(right[0])\n\n\(right[1])\n\nstats\ndone\ndone\nstats maths\nstats mathematics\nback\n")
    #expect(result.status == 0)
    let shown = try #require(result.transcript.response(to: "stats"))
    #expect(shown.contains("Your stats"))
    #expect(shown.contains("  Rounds played to the end: 1"))
    #expect(shown.contains("  Answers: 2, 2 right (100%)"))
    #expect(shown.contains("  Right in a row: 2 now, 2 at best"))
    #expect(shown.contains("  Mathematics  ####################  100%  2/2"))
    #expect(shown.contains("  Mathematics, 2 questions: 2/2"))
    #expect(shown.allSatisfy { $0.count <= 80 })
    // done goes back to the score, and from there to the start.
    #expect(result.transcript.response(to: "done")?.contains("Round complete") == true)
    #expect(result.transcript.response(to: "done", occurrence: 1)?.contains("TRIVIA") == true)
    // No such category in the source at all (#16: it used to say no answers in it yet).
    #expect(
      result.transcript.response(to: "stats maths")?.first?.hasPrefix(
        "There is no category 'maths' in bundled; its categories: Animals & Nature, ") == true)
    #expect(result.transcript.response(to: "stats mathematics")?.first == "")
    #expect(result.transcript.response(to: "stats mathematics")?.dropFirst().first == "Your stats: Mathematics")

    let none = try await Sandbox().run(["--no-history"], input: "stats\n")
    #expect(
      none.transcript.response(to: "stats")
        == ["This game keeps no history (--no-history, --record): no stats to show."])
  }
}

extension Sandbox {
  var historyFile: String { state + "/trivia/history.sqlite" }
}
