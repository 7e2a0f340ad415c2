import Foundation
import Glibc
import ProcessSpawn
import Testing

/// What happens when things meet (README): a guard's question, a link, the question clock,
/// Ctrl-C, Ctrl-D, a resize and the line being typed, each pair through the binary in a
/// real terminal (tmux), as a person meets them.
@Suite("When things meet")
struct MeetingTests {
  /// What makes the game draw its prompt again while a line is being typed.
  enum Redraw: String, CaseIterable, CustomTestStringConvertible {
    case countdown, link, resize
    var testDescription: String { rawValue }
  }

  /// A game in tmux, 80 columns wide, on its first question (timed when `time` is given).
  static func playing(_ sandbox: Sandbox, time: Int? = nil) throws -> TmuxScreen {
    let screen = try TmuxScreen(
      ["--seed", "3", "--no-color"] + (time.map { ["--time", "\($0)"] } ?? []), environment: sandbox.environment,
      columns: 80)
    try screen.waitForPrompt("trivia")
    try screen.send("play", "Enter")
    try screen.waitForPrompt("question 1/10" + (time.map { " · \($0)s" } ?? ""))
    return screen
  }

  /// Typed text long enough to wrap onto three rows, and easy to count on screen.
  static func longLine(columns: Int) -> String {
    var text = ""
    var word = 0
    while text.count < columns * 2 + 10 {
      word += 1
      text += "w\(word)-"
    }
    return text
  }

  /// The screen as one string, rows joined as the terminal wrapped them.
  static func occurrences(of text: String, in rows: [String]) -> Int {
    rows.joined().components(separatedBy: text).count - 1
  }

  @Test(
    "Drawing the prompt again leaves exactly one copy of a line that wraps",
    arguments: Redraw.allCases, [40, 80, 200])
  func oneCopy(redraw: Redraw, columns: Int) throws {
    let sandbox = try Sandbox()
    let arguments = ["--seed", "3", "--no-color"] + (redraw == .countdown ? ["--time", "30"] : [])
    let screen = try TmuxScreen(arguments, environment: sandbox.environment, columns: columns)
    try screen.waitForPrompt("trivia")
    let typed = Self.longLine(columns: columns)
    var prompt = "trivia"
    if redraw == .countdown {
      try screen.send("play", "Enter")
      try screen.waitForPrompt("question 1/10 · 30s")
    }
    try screen.type(typed)
    if redraw == .countdown {
      // Two seconds of the count go by while the line waits.
      try screen.wait(for: "the count at 28s") { rows in
        TmuxScreen.lastLine(of: rows, startingWith: "question 1/10 · 28s>") != nil
      }
      prompt = "question 1/10 · 28s"
    } else {
      try screen.waitForPrompt(prompt, typed: typed)
    }
    switch redraw {
    case .countdown: break
    case .link:
      #expect(try LinkTests.send("trivia://options", sandbox).value.status == 0)
      prompt = "options"
    case .resize:
      try screen.resize(columns: columns == 200 ? 120 : columns + 20)
      Thread.sleep(forTimeInterval: 0.5)
    }
    let rows = try screen.waitForPrompt(prompt, typed: typed)
    #expect(Self.occurrences(of: typed, in: rows) == 1, "\(rows.joined(separator: "\n"))")
    // Nor a piece of it left on a row of its own: every row with typed words is the line's.
    let line = try #require(TmuxScreen.lastLine(of: rows, startingWith: prompt + ">"))
    #expect(rows.filter { $0.contains("-w") }.count == line.rows, "\(rows.joined(separator: "\n"))")
    // The text is still the line being edited: Enter sends it whole.
    try screen.send("C-a", "C-k")
    try screen.waitForPrompt(prompt)
  }

  /// How the player answers the question a guard asks.
  struct Answer: CustomTestStringConvertible, Sendable {
    var keys: [String]
    var leaves: Bool
    var testDescription: String { keys.joined(separator: " ") }
  }

  @Test(
    "A link's guard asks on an empty line; only y, yes, n or no answers; then the typed line comes back with its cursor",
    arguments: [
      Answer(keys: ["n", "Enter"], leaves: false), Answer(keys: ["no", "Enter"], leaves: false),
      Answer(keys: ["C-c"], leaves: false), Answer(keys: ["C-d"], leaves: false),
      Answer(keys: ["y", "Enter"], leaves: true), Answer(keys: ["yes", "Enter"], leaves: true),
    ])
  func guardOnATypedLine(answer: Answer) throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox)
    // "Yes" typed, the cursor moved back before its s.
    try screen.type("Yes")
    try screen.send("Left")
    try screen.waitForPrompt("question 1/10", typed: "Yes")
    let sender = LinkTests.send("trivia://landing", sandbox)
    try screen.waitForPrompt(Transcript.abandonPrompt)
    // Leftover text is no answer: it is said so, and asked again.
    try screen.send("maybe", "Enter")
    try screen.wait(for: "no answer") { $0.contains("Abandon this round? Type y for yes or n for no.") }
    try screen.waitForPrompt(Transcript.abandonPrompt)
    try screen.send(answer.keys.first!)
    if answer.keys.count > 1 { try screen.send(contentsOf: answer.keys.dropFirst()) }
    let reply = try sender.value
    if answer.leaves {
      #expect(reply.stdout.hasSuffix("brought back in the running game\n"))
      try screen.waitForPrompt("trivia", typed: "Yes")
    } else {
      #expect(reply.stdout.hasSuffix("declined by the player\n"))
      try screen.waitForPrompt("question 1/10", typed: "Yes")
    }
    // The cursor came back where it was: before the s.
    try screen.type("!")
    try screen.waitForPrompt(answer.leaves ? "trivia" : "question 1/10", typed: "Ye!s")
  }

  /// What asks the player while a question's clock runs.
  enum Asker: String, CaseIterable, CustomTestStringConvertible {
    case back, link
    var testDescription: String { rawValue }
  }

  @Test(
    "The question's clock stands still while a guard asks, and goes on with the seconds left", arguments: Asker.allCases
  )
  func clockStopsWhileAsking(asker: Asker) throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox, time: 6)
    let sender: LinkTests.Sender?
    switch asker {
    case .back:
      try screen.send("back", "Enter")
      sender = nil
    case .link:
      sender = LinkTests.send("trivia://landing", sandbox)
    }
    try screen.waitForPrompt(Transcript.abandonPrompt)
    // Longer than the whole question's time.
    Thread.sleep(forTimeInterval: 7)
    try screen.send("n", "Enter")
    let rows = try screen.wait(for: "the question again") { rows in
      TmuxScreen.lastLine(of: rows, startingWith: "question 1/10 · ") != nil
    }
    #expect(!rows.contains { $0.hasPrefix("Time's up") })
    let prompt = try #require(TmuxScreen.lastLine(of: rows, startingWith: "question 1/10 · ")?.text)
    let left = Int(prompt.dropFirst("question 1/10 · ".count).prefix { $0.isNumber }) ?? 0
    #expect(left >= 3, "\(prompt)")
    if let sender { #expect(try sender.value.stdout.hasSuffix("declined by the player\n")) }
  }

  @Test("Links that arrive while the game asks: only the newest waits, the others are superseded")
  func newestLinkWaits() throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox)
    try screen.send("back", "Enter")
    try screen.waitForPrompt(Transcript.abandonPrompt)
    let older = (1...3).map { _ in
      let sender = LinkTests.send("trivia://landing", sandbox)
      Thread.sleep(forTimeInterval: 0.3)
      return sender
    }
    let newest = LinkTests.send("trivia://options", sandbox)
    for sender in older {
      let reply = try sender.value
      #expect(reply.status == 1)
      #expect(reply.stdout == "not followed: a newer link reached the game first\n")
    }
    try screen.send("n", "Enter")
    // The newest link is followed now: its guard asks once, for it.
    try screen.wait(for: "the link's line") { $0.contains("Link: trivia://options") }
    try screen.waitForPrompt(Transcript.abandonPrompt)
    try screen.send("n", "Enter")
    #expect(try newest.value.stdout.hasSuffix("declined by the player\n"))
    try screen.waitForPrompt("question 1/10")
    #expect(try screen.screen().filter { $0.hasPrefix("Link: ") } == ["Link: trivia://options"])
  }

  @Test("70 links sent during a round whose senders then go cost the player one question, not 64")
  func goneSendersAreDropped() throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox)
    // 70 senders each write a link, wait a little for the answer, then give up and go.
    let socket = sandbox.runtime + "/trivia/link.sock"
    let python = """
      import socket, sys, time
      held = []
      for i in range(70):
          s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
          s.settimeout(5)
          try:
              s.connect(sys.argv[1])
              s.sendall(b"open trivia://landing\\n")
              held.append(s)
          except OSError:
              pass
      time.sleep(2)
      """
    let senders = LinkTests.Sender(
      ["-c", python, socket], environment: sandbox.environment, executable: "/usr/bin/python3")
    // The first link's guard asks while the others arrive.
    try screen.waitForPrompt(Transcript.abandonPrompt)
    #expect(try senders.value.status == 0)
    try screen.send("n", "Enter")
    try screen.waitForPrompt("question 1/10")
    Thread.sleep(forTimeInterval: 0.5)
    let rows = try screen.screen()
    #expect(TmuxScreen.lastLine(of: rows, startingWith: "question 1/10>") != nil)
    #expect(rows.filter { $0.hasPrefix(Transcript.abandonPrompt) }.count == 1)
  }

  @Test("A resize while the game asks waits for the answer; then the typed line comes back once, at the new width")
  func resizeWhileAsking() throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox)
    let typed = Self.longLine(columns: 80)
    try screen.type(typed)
    try screen.waitForPrompt("question 1/10", typed: typed)
    let sender = LinkTests.send("trivia://landing", sandbox)
    try screen.waitForPrompt(Transcript.abandonPrompt)
    try screen.resize(columns: 50)
    Thread.sleep(forTimeInterval: 0.3)
    try screen.waitForPrompt(Transcript.abandonPrompt)
    try screen.send("n", "Enter")
    let rows = try screen.waitForPrompt("question 1/10", typed: typed)
    #expect(Self.occurrences(of: typed, in: rows) == 1, "\(rows.joined(separator: "\n"))")
    #expect(try sender.value.stdout.hasSuffix("declined by the player\n"))
  }

  @Test("Ctrl-C clears a typed line while the clock runs on; Ctrl-D at a question saves the round")
  func interruptsAndTheClock() throws {
    let sandbox = try Sandbox()
    let screen = try Self.playing(sandbox, time: 30)
    try screen.type("Fal")
    try screen.send("C-c")
    try screen.wait(for: "the count going on after Ctrl-C") { rows in
      TmuxScreen.lastLine(of: rows, startingWith: "question 1/10 · 28s>")?.text == "question 1/10 · 28s>"
    }
    try screen.send("C-d")
    try screen.wait(for: "the round saved") { $0.contains { $0.hasPrefix("Your round is saved") } }
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }
}

extension MeetingTests {
  @Test("retry repeats exactly what failed, not the round played before it")
  func retryRepeatsWhatFailed() async throws {
    let sandbox = try Sandbox()
    let questions =
      (1...3).map { QuestionFixtures.question("Art question \($0)?", category: "Art", difficulty: "hard") }
      + (1...3).map { QuestionFixtures.question("Music question \($0)?", category: "Music") }
    let source = try sandbox.write("two.json", QuestionFixtures.file(questions))
    let result = try await sandbox.run(
      ["--source", source, "--seed", "1", "--count", "2", "--no-history"],
      input: "open trivia://play?category=Art\nback\ny\nopen trivia://play?category=Music&difficulty=hard\nretry\n")
    #expect(result.status == 0)
    let transcript = result.transcript
    let failed = try #require(transcript.response(to: "open trivia://play?category=Music&difficulty=hard"))
    #expect(failed.contains("No questions to play"))
    // The same failure again (by way of the landing, as every play goes), not an Art round.
    let noData = Array(failed.drop { $0 != "" })
    #expect(transcript.response(to: "retry").map { Array($0.suffix(noData.count)) } == noData)
    #expect(transcript.prompts.last == "no questions")
    #expect(!result.stdout.contains("Art question", after: "retry"))
  }
}

extension String {
  /// Whether `text` appears after the first `marker`.
  fileprivate func contains(_ text: String, after marker: String) -> Bool {
    guard let start = range(of: marker) else { return false }
    return self[start.upperBound...].contains(text)
  }
}

extension TmuxScreen {
  /// Sends each of `keys` as tmux names them.
  func send(contentsOf keys: some Sequence<String>) throws {
    for key in keys { try send(key) }
  }
}
