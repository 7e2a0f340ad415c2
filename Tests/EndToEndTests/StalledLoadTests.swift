import Foundation
import Glibc
import ProcessSpawn
import Testing

/// A source that stalls (a named pipe whose writer sends the start of a file, then nothing)
/// never holds the game: Ctrl-C cancels the load, SIGTERM ends the game, and a writer that
/// stays silent is an error, not a wait without end. And what comes from outside reaches
/// standard error only as harmless text.
@Suite("Stalled loads and hostile arguments")
struct StalledLoadTests {
  /// A named pipe in the sandbox, and a writer that sends `{"questions":[` and stalls for
  /// `seconds` before it goes (closing its end).
  static func stalledPipe(_ sandbox: Sandbox, seconds: Int = 20) throws -> (path: String, writer: LinkTests.Sender) {
    let path = sandbox.work + "/stalled.json"
    guard mkfifo(path, 0o600) == 0 else { throw POSIXError(.EIO) }
    let writer = LinkTests.Sender(
      [
        "-c",
        "import sys, time\nf = open(sys.argv[1], 'w')\nf.write('{\"questions\":[')\nf.flush()\ntime.sleep(\(seconds))",
        path,
      ],
      environment: sandbox.environment, executable: "/usr/bin/python3")
    return (path, writer)
  }

  /// A game on a pseudo-terminal whose `play` waits on a pipe that never finishes.
  static func stalledInPlay(_ sandbox: Sandbox) throws -> PseudoTerminal {
    let (path, _) = try stalledPipe(sandbox)
    let terminal = try InteractiveTests.start(sandbox, ["--source", path, "--no-history"])
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try terminal.send("play\r")
    try terminal.expect("Loading questions from \(path)…")
    Thread.sleep(forTimeInterval: 0.3)
    return terminal
  }

  @Test("Ctrl-C cancels a stalled load at once and says so; the game goes on")
  func controlC() throws {
    let terminal = try Self.stalledInPlay(try Sandbox())
    let sent = ContinuousClock.now
    try terminal.send(InteractiveTests.ctrlC)
    try terminal.expect("Loading cancelled.", timeout: .seconds(2))
    #expect(ContinuousClock.now - sent < .milliseconds(500))
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try InteractiveTests.leave(terminal)
  }

  @Test("SIGTERM during a stalled load ends the game within a second")
  func sigterm() throws {
    let terminal = try Self.stalledInPlay(try Sandbox())
    let sent = ContinuousClock.now
    kill(terminal.pid, SIGTERM)
    #expect(terminal.waitForExit(timeout: .seconds(3)) == .status(0))
    #expect(ContinuousClock.now - sent < .seconds(1))
  }

  @Test("A script whose source stalls gets an error once the writer is silent, not a wait without end")
  func scriptedStall() async throws {
    let sandbox = try Sandbox()
    let (path, _) = try Self.stalledPipe(sandbox, seconds: 30)
    let result = try await sandbox.run(["--source", path, "--no-history"], input: "play\n", timeout: .seconds(25))
    #expect(!result.timedOut)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\(path): is a pipe whose writer stopped sending for 10 s"))
  }

  @Test("A link's escape sequences reach standard error as placeholders, not as commands to the terminal")
  func escapesInAnError() async throws {
    let result = try await Sandbox().run(["--open", "trivia://%1B%5D0;PWNED%07"])
    #expect(result.status == 64)
    #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
    #expect(result.stderr.contains("\u{FFFD}]0;pwned\u{FFFD}"))
  }
}
