import Foundation
import ProcessSpawn
import Testing

/// Timed questions: the prompt counts down, and at zero the question counts as unanswered.
/// Under a script time passes only on `wait N` lines; on a terminal it passes for real.
@Suite("Timed questions")
struct TimedQuestionTests {
  @Test("Headless, time passes only on wait lines: the count goes down, and at zero the answer is told")
  func waitsInAScript() async throws {
    let sandbox = try Sandbox()
    let source = try sandbox.write("four.json", QuestionFixtures.easy(4))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "2", "--count", "2", "--time", "5"],
      input: "play\nwait 3\nwait 2\n\nwait 4.5\nright\n\nreview\ndone\ndone\nquit\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    #expect(transcript.prompts.prefix(4) == ["trivia", "question 1/2 · 5s", "question 1/2 · 2s", "continue"])
    #expect(transcript.response(to: "wait 3") == [])
    #expect(transcript.response(to: "wait 2")?.first == "Time's up — the answer was Right")
    // The second question: 4.5 s is not 5; the answer still counts.
    #expect(transcript.response(to: "right")?.first == "Correct!")
    #expect(result.stdout.contains("Score: 1/2"))
    #expect(transcript.response(to: "review")?.contains("         no answer in time; the answer is Right") == true)
    let rows = try HistoryTests.rows(sandbox, "SELECT chosen, is_right, seconds FROM answers ORDER BY id")
    #expect(rows == ["|0|5.0", "Right|1|4.5"])
  }

  @Test("A question with its own time (a spreadsheet's time column) has it in a timed game, and none untimed")
  func aQuestionsOwnTime() async throws {
    let sandbox = try Sandbox()
    let own = QuestionFixtures.question("Quick one?").dropLast() + #", "seconds": 8}"#
    let source = try sandbox.write("own.json", QuestionFixtures.file([String(own)]))
    let timed = try await sandbox.run(
      ["--source", source, "--seed", "2", "--count", "1", "--time", "20", "--no-history"],
      input: "play\nwait 7\nwait 1\n\ndone\nquit\n")
    #expect(timed.transcript.prompts.prefix(3) == ["trivia", "question 1/1 · 8s", "question 1/1 · 1s"])
    #expect(timed.transcript.response(to: "wait 1")?.first == "Time's up — the answer was Right")
    let untimed = try await sandbox.run(
      ["--source", source, "--seed", "2", "--count", "1", "--no-history"], input: "play\nwait 9\nright\n\ndone\nquit\n")
    #expect(untimed.transcript.prompts.prefix(2) == ["trivia", "question 1/1"])
    #expect(untimed.transcript.response(to: "right")?.first == "Correct!")
  }

  /// Plays a round of two timed 10 s by `--time`, quits 4 s into its first question; the
  /// arguments of that game but its time, for the next.
  static func quitWithSixSecondsLeft(_ sandbox: Sandbox) async throws -> [String] {
    let source = try sandbox.write("four.json", QuestionFixtures.easy(4))
    let arguments = ["--source", source, "--seed", "2", "--count", "2", "--no-history"]
    let first = try await sandbox.run(arguments + ["--time", "10"], input: "play\nwait 4\nquit\n")
    #expect(first.transcript.prompts.last == "question 1/2 · 6s")
    return arguments
  }

  @Test("A resumed question goes on with the seconds it had left, and the round with the landing's time")
  func resumedClock() async throws {
    let sandbox = try Sandbox()
    let arguments = try await Self.quitWithSixSecondsLeft(sandbox)
    // The landing says 20 s now: the saved question keeps its 6 s, the next has 20.
    let second = try await sandbox.run(arguments + ["--time", "20"], input: "resume\nwait 5\nwait 1\n\nquit\n")
    #expect(second.status == 0)
    let transcript = second.transcript
    #expect(
      transcript.prompts == ["trivia", "question 1/2 · 6s", "question 1/2 · 1s", "continue", "question 2/2 · 20s"])
    #expect(transcript.response(to: "wait 1")?.first == "Time's up — the answer was Right")
  }

  @Test("A round timed by --time for one game resumes timed in the next, which has no time set (#37)")
  func resumedWithoutATimeSet() async throws {
    let sandbox = try Sandbox()
    let arguments = try await Self.quitWithSixSecondsLeft(sandbox)
    let second = try await sandbox.run(arguments, input: "resume\nwait 1\na\n\nquit\n")
    #expect(second.status == 0)
    #expect(
      second.transcript.prompts == [
        "trivia", "question 1/2 · 6s", "question 1/2 · 5s", "continue", "question 2/2 · 10s",
      ])
  }

  @Test("The same script gives the same bytes, and a recording keeps its waits")
  func deterministic() async throws {
    let lines = ["play", "wait 2", "a", "", "wait 7", "", "done", "quit"]
    let (script, recorded) = try await RecordReplayTests.recordAndReplay(
      ["--seed", "4", "--count", "2", "--time", "6"], lines: lines)
    #expect(script.first == "#!trivia --seed 4 --count 2 --difficulty mixed --time 6 --no-history")
    #expect(script.dropFirst() == ArraySlice(lines))
    #expect(recorded.stdout.contains("Time's up — the answer was "))
  }

  @Test("time N on the options screen is kept; out of range it is refused; links and flags say the same")
  func option() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(
      [], input: "options\ntime 3\ntime 30\ndone\nopen trivia://play?time=2\nquit\n")
    let transcript = result.transcript
    #expect(
      transcript.response(to: "time 3")
        == ["time takes 0 (no limit) or a whole number of seconds from 5 to 120, not '3'."])
    #expect(transcript.response(to: "time 30")?.contains("  Time:       30 s      type time N") == true)
    #expect(transcript.response(to: "done")?.contains("  Time:       30 s a question") == true)
    #expect(
      transcript.response(to: "open trivia://play?time=2")
        == ["Cannot open that link: time must be 0 (off) or 5 to 120 seconds, not '2'."])
    let saved = try String(contentsOfFile: sandbox.optionsPath, encoding: .utf8)
    #expect(saved.contains("\"timeLimit\" : 30"))
    let next = try await sandbox.run(["--seed", "1"], input: "play\n")
    #expect(next.transcript.prompts.last == "question 1/10 · 30s")
    let linked = try await sandbox.run(["--seed", "1", "--open", "trivia://play?time=0"], input: "")
    #expect(linked.transcript.prompts.last == "question 1/10")
    let flag = try await sandbox.run(["--time", "200"], input: "quit\n")
    #expect(flag.status != 0)
    #expect(flag.stderr.contains("--time must be 0 (off) or 5 to 120 seconds, not 200."))
  }

  @Test("On a terminal the prompt counts down as the player types, and at zero time is up; a recording notes the wait")
  func realTime() throws {
    let sandbox = try Sandbox()
    let journal = sandbox.work + "/timed.trivia"
    let terminal = try InteractiveTests.start(
      sandbox, ["--seed", "4", "--count", "2", "--time", "5", "--record", journal])
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try terminal.send("play\r")
    try InteractiveTests.awaitPrompt(terminal, "question 1/2 · 5s")
    try terminal.send("Tr")
    try terminal.expect(InteractiveTests.prompt("question 1/2 · 4s"), timeout: .seconds(3))
    // What was typed is drawn again after the count.
    try terminal.expect("Tr", timeout: .seconds(1))
    try terminal.expect("Time's up — the answer was ", timeout: .seconds(6))
    try InteractiveTests.awaitPrompt(terminal, "continue")
    try terminal.send("\r")
    try InteractiveTests.awaitPrompt(terminal, "question 2/2 · 5s")
    try InteractiveTests.leave(terminal)
    let lines = try String(contentsOfFile: journal, encoding: .utf8).components(separatedBy: "\n")
    #expect(lines.dropFirst() == ["play", "wait 5", "", ""])
  }

  /// A game without colour on a terminal, at its one question, timed at 30 s (not 5: on a
  /// loaded machine a question of 5 s could time out before Ctrl-D leaves).
  static func onATimedQuestion() throws -> (Sandbox, PseudoTerminal) {
    let sandbox = try Sandbox()
    let terminal = try InteractiveTests.start(sandbox, ["--seed", "4", "--count", "1", "--time", "30", "--no-color"])
    try InteractiveTests.awaitPrompt(terminal, "trivia", colour: false)
    try terminal.send("play\r")
    try InteractiveTests.awaitPrompt(terminal, "question 1/1 · 30s", colour: false)
    return (sandbox, terminal)
  }

  /// Were the terminal back in its own mode between two redraws, even for a moment, a key
  /// typed then would be the terminal's: Ctrl-D an end of file, read later as NUL and lost;
  /// a letter echoed twice.
  @Test("As the count goes down the terminal stays in the line editor's mode: a key typed at a tick is a key")
  func keysAtATick() throws {
    let (sandbox, terminal) = try Self.onATimedQuestion()
    defer { withExtendedLifetime(sandbox) {} }
    // Three ticks, the terminal's mode read all the while.
    var canonical = 0
    let end = ContinuousClock.now + .milliseconds(3200)
    while ContinuousClock.now < end {
      if terminal.isCanonical { canonical += 1 }
    }
    try terminal.expect("question 1/1 · 27s> ", timeout: .seconds(3))
    #expect(canonical == 0, "seen in the terminal's own mode \(canonical) times")
    try InteractiveTests.leave(terminal)
  }

  @Test("Without colour the count is drawn again on its own line, not below it")
  func countdownWithoutColour() throws {
    let (sandbox, terminal) = try Self.onATimedQuestion()
    defer { withExtendedLifetime(sandbox) {} }
    let between = try terminal.expect("question 1/1 · 29s> ", timeout: .seconds(3))
    // Back to the start of the prompt's row, and cleared from there down.
    #expect(between.hasPrefix("\r\u{1B}[J"))
    #expect(!between.contains("\n"))
    try InteractiveTests.leave(terminal)
  }
}
