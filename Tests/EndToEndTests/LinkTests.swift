import Foundation
import ProcessSpawn
import Testing

/// Links sent to a game while it runs: `trivia --open LINK` from another process reaches the
/// interactive game of the same user over its socket, through the same router and guards.
@Suite("Links to a running game")
struct LinkTests {
  /// A `trivia --open link` (after `prefix`, such as runuser) run on a thread of its own,
  /// started at once: it may wait for the player to answer a guard while the test plays the
  /// game, and no task of the test's waits for a thread to start it.
  final class Sender: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<ProcessResult, any Error>?

    init(_ arguments: [String], environment: [String: String], executable: String) {
      Thread.detachNewThread { [self] in
        result = Result {
          try TriviaProcess.run(
            arguments: arguments, input: [], environment: environment, timeout: .seconds(20), executable: executable)
        }
        done.signal()
      }
    }

    /// Waits for it to end.
    var value: ProcessResult {
      get throws {
        done.wait()
        done.signal()
        return try result!.get()
      }
    }
  }

  static func send(
    _ link: String, _ sandbox: Sandbox, arguments: [String] = [], executable: String = TriviaBinary.path,
    prefix: [String] = []
  ) -> Sender {
    Sender(prefix + arguments + ["--open", link], environment: sandbox.environment, executable: executable)
  }

  static func game(_ sandbox: Sandbox, _ arguments: [String] = ["--seed", "3"]) throws -> PseudoTerminal {
    let terminal = try InteractiveTests.start(sandbox, arguments)
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    return terminal
  }

  @Test("A link sent mid-typing opens its screen above the prompt and keeps what was typed")
  func midTyping() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.game(sandbox)
    try terminal.send("pla")
    try terminal.expect("pla")
    let sent = try Self.send("trivia://options", sandbox).value
    #expect(sent.status == 0)
    #expect(sent.stdout == "opened in the running game\n")
    try terminal.expect("Link: trivia://options")
    try terminal.expect("Type done when finished.")
    try terminal.expect(InteractiveTests.prompt("options") + "pla")
    try terminal.send("y\r")
    try terminal.expect("Unknown command 'play'")
    // The same link again: the options are already there.
    let again = try Self.send("trivia://options", sandbox).value
    #expect(again.stdout == "ignored: the game is already there\n")
    #expect(again.status == 0)
    try InteractiveTests.leave(terminal)
  }

  @Test("A link that would abandon the round asks at the player's prompt; the sender waits and hears the answer")
  func guardAtThePrompt() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.game(sandbox)
    try terminal.send("play\r")
    try InteractiveTests.awaitPrompt(terminal, "question 1/10")
    let declined = Self.send("trivia://landing", sandbox)
    try InteractiveTests.awaitPrompt(terminal, "Abandon this round? (y/n)")
    try terminal.send("n\r")
    let no = try declined.value
    #expect(no.stdout == "waiting for the player to answer: Abandon this round?\ndeclined by the player\n")
    #expect(no.status == 1)
    try InteractiveTests.awaitPrompt(terminal, "question 1/10")
    let accepted = Self.send("trivia://landing", sandbox)
    try InteractiveTests.awaitPrompt(terminal, "Abandon this round? (y/n)")
    try terminal.send("y\r")
    let yes = try accepted.value
    #expect(yes.stdout.hasSuffix("brought back in the running game\n"))
    #expect(yes.status == 0)
    try InteractiveTests.awaitPrompt(terminal, "trivia")
    try InteractiveTests.leave(terminal)
  }

  @Test("A second game says where links go; a game killed with SIGKILL leaves a socket the next one takes over")
  func secondGameAndStaleSocket() throws {
    let sandbox = try Sandbox()
    let first = try Self.game(sandbox)
    let second = try Self.game(sandbox, ["--seed", "4"])
    #expect(second.text.contains("Another game is running: links go to the game with pid \(first.pid)."))
    let sent = try Self.send("trivia://difficulty", sandbox).value
    #expect(sent.status == 0)
    try first.expect("Link: trivia://difficulty")
    #expect(!second.text.contains("Link:"))
    try InteractiveTests.leave(second)

    kill(first.pid, SIGKILL)
    _ = first.waitForExit()
    #expect(FileManager.default.fileExists(atPath: sandbox.runtime + "/trivia/link.sock"))
    let third = try Self.game(sandbox, ["--seed", "5"])
    #expect(!third.text.contains("Another game is running"))
    let reached = try Self.send("trivia://options", sandbox).value
    #expect(reached.stdout == "opened in the running game\n")
    try third.expect("Link: trivia://options")
    try InteractiveTests.leave(third)
  }

  @Test("A scripted run neither delivers its --open nor receives links; --new starts a game of its own")
  func headlessNeverSteers() async throws {
    let sandbox = try Sandbox()
    let terminal = try Self.game(sandbox)
    let scripted = try await sandbox.run(["--script", "-", "--open", "trivia://options"], input: "done\nquit\n")
    #expect(scripted.transcript.preamble.contains("Options") || scripted.stdout.contains("Options"))
    let fresh = try await sandbox.run(["--new", "--open", "trivia://difficulty"], input: "quit\n")
    #expect(fresh.stdout.contains("Type a level by name or number"))
    #expect(throws: (any Error).self) { try terminal.expect("Link:", timeout: .seconds(1)) }
    try InteractiveTests.leave(terminal)
  }

  @Test("Another user cannot deliver a link: the socket's folder is this user's alone")
  func anotherUser() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.game(sandbox)
    var status = stat()
    #expect(stat(sandbox.runtime + "/trivia", &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    let stranger = try Self.send(
      "trivia://options", sandbox, arguments: [TriviaBinary.path, "--no-history"], executable: "/usr/sbin/runuser",
      prefix: ["-u", "nobody", "--"]
    ).value
    #expect(!stranger.stdout.contains("in the running game"))
    #expect(throws: (any Error).self) { try terminal.expect("Link:", timeout: .seconds(1)) }
    try InteractiveTests.leave(terminal)
  }
}

/// Senders that do not play by the rules, against the real game on a terminal.
@Suite("Hostile link senders")
struct HostileLinkSenderTests {
  /// 1,000 connections at once, held open together: a quarter send nothing at all, a quarter
  /// 5 KiB, a quarter half a line and close their side, a quarter bytes that are not text.
  static let burst = """
    import socket, sys
    path = sys.argv[1]
    sockets, replies = [], {}
    for n in range(1000):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        try:
            s.connect(path)
        except OSError:
            replies["unreached"] = replies.get("unreached", 0) + 1
            continue
        kind = n % 4
        try:
            if kind == 1: s.sendall(b"open trivia://options" + b"x" * 5000 + b"\\n")
            elif kind == 2: s.sendall(b"open trivia://opt"); s.shutdown(socket.SHUT_WR)
            elif kind == 3: s.sendall(b"\\xff\\xfe\\x00\\x01\\n")
        except OSError:
            pass
        sockets.append(s)
    for s in sockets:
        try:
            word = s.recv(4096).split(b" ")[0].strip() or b"closed"
        except OSError:
            word = b"reset"
        replies[word.decode()] = replies.get(word.decode(), 0) + 1
        s.close()
    print(" ".join(f"{k}={v}" for k, v in sorted(replies.items())))
    """

  static func descriptors(of pid: pid_t) -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
  }

  @Test(
    "A burst of 1,000 silent, oversized, half-closed and binary senders: the player's keys still echo, nothing is left open"
  )
  func burst() throws {
    let sandbox = try Sandbox()
    let terminal = try LinkTests.game(sandbox)
    let before = Self.descriptors(of: terminal.pid)
    let script = try sandbox.write("burst.py", Self.burst)
    let flood = try Child("/usr/bin/python3", arguments: [script, sandbox.runtime + "/trivia/link.sock"])
    // Keys typed during the burst are echoed, and come to a command that works.
    for key in "options" {
      try terminal.send(String(key))
      try terminal.expect(String(key), timeout: .seconds(5))
    }
    try terminal.send("\r")
    try terminal.expect("Type done when finished.", timeout: .seconds(5))
    let flooded = flood.finish(timeout: .seconds(60))
    let said = flooded.outputText
    #expect(flooded.status == 0, "\(flooded.errorText)")
    // Every sender that said something was refused; none reached the player's screen.
    // Every one was answered, and refused: silent, too long, cut short, not text, or busy.
    #expect(said == "refused=1000\n")
    #expect(!terminal.text.contains("Link:"))
    #expect(!terminal.text.contains("xxxx"))
    // Silent senders are dropped after their deadline: then nothing is left open.
    let deadline = ContinuousClock.now + .seconds(6)
    while Self.descriptors(of: terminal.pid) != before, ContinuousClock.now < deadline { usleep(100_000) }
    #expect(Self.descriptors(of: terminal.pid) == before)
    let sent = try LinkTests.send("trivia://difficulty", sandbox).value
    #expect(sent.stdout == "opened in the running game\n")
    try InteractiveTests.leave(terminal)
  }
}
