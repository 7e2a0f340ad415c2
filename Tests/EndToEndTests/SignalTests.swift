import Foundation
import Testing

/// SIGTERM and SIGHUP while the game waits for input: it leaves cleanly and keeps the round.
@Suite("Signals")
struct SignalTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var signal: Int32
    var name: String
    var testDescription: String { name }
  }

  static let signals = [Case(signal: SIGTERM, name: "SIGTERM"), Case(signal: SIGHUP, name: "SIGHUP")]

  /// Waits at most this long for the game to leave after a signal.
  static let exitDeadline = Duration.seconds(2)

  @Test("A signal after an answer ends the game with status 0 and saves the round", arguments: signals)
  func afterAnswer(_ signal: Case) throws {
    let sandbox = try Sandbox()
    let game = try LiveProcess(sandbox, arguments: ["--seed", "3", "--count", "3"])
    try game.expect("trivia> ")
    try game.send("play")
    try game.expect("question 1/3> ")
    try game.send("1")
    // The verdict and the prompt after it: the answer has been taken, and input is awaited.
    let verdict = try game.expect("continue> ")
    let right = verdict.contains("Correct!")
    #expect(verdict.contains("Score so far: \(right ? 1 : 0) of 1."))
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))

    let sent = ContinuousClock.now
    game.send(signal: signal.signal)
    let status = game.waitForExit(timeout: Self.exitDeadline)
    #expect(status == 0, "\(signal.name): still running or ended badly")
    #expect(ContinuousClock.now - sent < Self.exitDeadline)
    #expect(game.text.hasSuffix(Expected.roundSaved + "\n"))
    #expect(!game.text.contains(Transcript.abandonPrompt))

    let session = try SavedSessionFile(path: sandbox.sessionPath)
    #expect(session.version == 1)
    #expect(session.index == 0)
    #expect(session.answered == 1)
    #expect(session.score == (right ? 1 : 0))
    #expect(session.total == 3)
  }

  @Test("A signal on a question nobody has answered yet saves the round at that question", arguments: signals)
  func onQuestion(_ signal: Case) async throws {
    let sandbox = try Sandbox()
    let game = try LiveProcess(sandbox, arguments: ["--seed", "3", "--count", "3"])
    try game.send("play")
    try game.expect("question 1/3> ")
    try game.send("1")
    try game.expect("continue> ")
    try game.send("")
    try game.expect("question 2/3> ")
    game.send(signal: signal.signal)
    #expect(game.waitForExit(timeout: Self.exitDeadline) == 0)
    let session = try SavedSessionFile(path: sandbox.sessionPath)
    #expect(session.index == 1)
    #expect(session.answered == 1)

    // The next start offers it, and resume goes on at question 2.
    let next = try await sandbox.run([], input: "resume\n")
    #expect(next.transcript.preamble.contains(Expected.resumeOffer))
    #expect(next.transcript.response(to: "resume")?.first == "Resuming question 2 of 3.")
    #expect(next.transcript.prompts.last == "question 2/3")
  }

  @Test("A signal on the landing screen ends the game with status 0 and saves nothing", arguments: signals)
  func onLanding(_ signal: Case) throws {
    let sandbox = try Sandbox()
    let game = try LiveProcess(sandbox, arguments: [])
    try game.expect("trivia> ")
    try game.send("help")
    try game.expect("You can type:")
    try game.expect("trivia> ")
    game.send(signal: signal.signal)
    #expect(game.waitForExit(timeout: Self.exitDeadline) == 0)
    #expect(!game.text.contains(Expected.roundSaved))
    #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }
}
