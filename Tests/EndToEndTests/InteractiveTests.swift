import Foundation
import ProcessSpawn
import Testing

/// The game on a real terminal: line editing, completion, Ctrl-C, Ctrl-D, history, colour.
@Suite("Interactive")
struct InteractiveTests {
  static let escape = "\u{1B}"
  static let ctrlC: [UInt8] = [0x03]
  static let ctrlD: [UInt8] = [0x04]
  static let backspace: [UInt8] = [0x7F]

  /// Starts the game on a pseudo-terminal with a terminal's environment.
  static func start(
    _ sandbox: Sandbox, _ arguments: [String] = ["--seed", "7"], environment: [String: String] = [:]
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      TriviaBinary.path, arguments: arguments,
      environment: sandbox.environment.merging(["TERM": "xterm-256color"].merging(environment) { _, new in new }) {
        _, new in new
      })
  }

  /// The end of a prompt, coloured or not: `trivia> ` is drawn as ESC[1;36m trivia ESC[0m> .
  static func prompt(_ name: String, colour: Bool = true) -> String {
    colour ? "\(name)\(escape)[0m> " : "\(name)> "
  }

  /// Waits for a prompt and for the line editor to be reading keys.
  @discardableResult
  static func awaitPrompt(_ terminal: PseudoTerminal, _ name: String, colour: Bool = true) throws -> String {
    let seen = try terminal.expect(prompt(name, colour: colour))
    try terminal.waitForLineEditor()
    return seen
  }

  /// Leaves with Ctrl-D and checks the game ended normally. Ctrl-D goes to the line editor,
  /// not to the kernel's line discipline in the moment before the editor takes the terminal
  /// (where it would arrive later as a NUL, and the game would not end).
  static func leave(_ terminal: PseudoTerminal) throws {
    try terminal.waitForLineEditor()
    try terminal.send(ctrlD)
    let exit = terminal.waitForExit(timeout: .seconds(15))
    #expect(exit == .status(0), "the screen ended with: \(terminal.text.suffix(400).debugDescription)")
  }

  @Test("The landing screen and its prompt appear")
  func prompt() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    let screen = try Self.awaitPrompt(terminal, "trivia")
    #expect(screen.contains("TRIVIA"))
    #expect(screen.contains("Type play to start"))
    #expect(screen.contains("\r\n"))
    #expect(terminal.isRunning)
    try Self.leave(terminal)
  }

  @Test("A long question breaks between words to fit a narrow terminal; answers keep their column")
  func wrapsToTheTerminal() throws {
    let sandbox = try Sandbox()
    let words = "Which of these wide, wandering rivers crosses more countries than any other river in Europe?"
    let source = try sandbox.write(
      "long.json",
      QuestionFixtures.file([
        QuestionFixtures.question(
          words, correct: "The Danube, which flows through ten countries", incorrect: ["Rhine", "Volga", "Elbe"])
      ]))
    let terminal = try PseudoTerminal(
      TriviaBinary.path, arguments: ["--source", source, "--seed", "1", "--no-color"],
      environment: sandbox.environment.merging(["TERM": "xterm-256color"]) { _, new in new }, columns: 32)
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try terminal.send("play\r")
    let screen = try Self.awaitPrompt(terminal, "question 1/1", colour: false)
    let lines = screen.components(separatedBy: "\r\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix("Which of these") })
    let question = lines[start...].prefix { !$0.hasPrefix("  ") }
    #expect(question.count > 2)
    #expect(question.allSatisfy { $0.count <= 32 })
    #expect(question.joined(separator: " ") == words)
    let answer = try #require(lines.firstIndex { $0.contains(") The Danube") })
    #expect(lines[answer + 1].hasPrefix("     ") && !lines[answer + 1].hasPrefix("      "))
    #expect(
      (lines[answer] + " " + lines[answer + 1].drop { $0 == " " }).hasSuffix(
        "The Danube, which flows through ten countries"))
    try Self.leave(terminal)
  }

  @Test("At 80 columns source keeps each category with its count, and about breaks a long path after a slash (#37)")
  func listsAndPathsAt80Columns() throws {
    let sandbox = try Sandbox()
    let config = sandbox.work + "/a-home-folder-with-a-long-name/.config"
    let terminal = try PseudoTerminal(
      TriviaBinary.path, arguments: ["--no-color"],
      environment: sandbox.environment.merging(["TERM": "xterm-256color", "XDG_CONFIG_HOME": config]) { _, new in new },
      columns: 80)
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try terminal.send("source\r")
    var lines = try Self.awaitPrompt(terminal, "trivia", colour: false).components(separatedBy: "\r\n")
    let start = try #require(lines.lastIndex { $0.hasPrefix("  By category: ") })
    let rows = lines[start...].prefix { !$0.hasPrefix("trivia>") }
    #expect(rows.count > 1)
    for row in rows { #expect(row.count <= 80 && (row.hasSuffix(",") || row.hasSuffix(".")), "\(row)") }
    try terminal.send("about\r")
    lines = try Self.awaitPrompt(terminal, "about", colour: false).components(separatedBy: "\r\n")
    let path = config + "/trivia/options.json"
    let options = try #require(lines.lastIndex { $0.hasPrefix("  Options ") })
    // Beside its label, broken after slashes only, and whole once its parts are joined.
    let indent = String(repeating: " ", count: 35)
    let parts =
      [String(lines[options].dropFirst(35))]
      + lines[(options + 1)...].prefix { $0.hasPrefix(indent) }.map { String($0.dropFirst(35)) }
    #expect(parts.count > 1 && parts.dropLast().allSatisfy { $0.hasSuffix("/") }, "\(parts)")
    #expect(parts.joined() == path, "\(parts)")
    try terminal.send("done\r")
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try Self.leave(terminal)
  }

  @Test("Tab completes pl to play, and play shows a question")
  func tabCompletion() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.send("pl")
    try terminal.expect("pl")
    try terminal.send("\t")
    try terminal.expect("ay ")
    try terminal.send("\r")
    let question = try Self.awaitPrompt(terminal, "question 1/10")
    #expect(question.contains("Loading questions from bundled"))
    #expect(question.contains("Question 1 of 10"))
    #expect(question.contains("1) ") || question.contains("a) "))
    #expect(!question.contains("Unknown command"))
    try Self.leave(terminal)
  }

  @Test("~/.editrc is read: a key bound there types a command")
  func editrc() throws {
    let sandbox = try Sandbox()
    try "bind -s ^T play\n".write(toFile: sandbox.home + "/.editrc", atomically: true, encoding: .utf8)
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.send([0x14, 0x0D])
    let question = try Self.awaitPrompt(terminal, "question 1/10")
    #expect(question.contains("Question 1 of 10"))
    try Self.leave(terminal)
  }

  @Test("Tab lists the choices when a prefix has several")
  func tabListsChoices() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.type("options")
    try Self.awaitPrompt(terminal, "options")
    try terminal.send("d")
    try terminal.expect("d")
    try terminal.send("\t")
    // difficulty and done share only the d already typed.
    try terminal.expect("difficulty  done")
    try terminal.send(Self.backspace)
    try Self.leave(terminal)
  }

  @Test("Ctrl-C drops a half-typed line, shows ^C and a fresh prompt, and the game goes on")
  func ctrlC() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.send("opti")
    try terminal.expect("opti")
    try terminal.send(Self.ctrlC)
    try terminal.expect("^C")
    try Self.awaitPrompt(terminal, "trivia")
    #expect(terminal.isRunning)
    // The dropped text is gone: this line is just `help`.
    try terminal.type("help")
    let help = try Self.awaitPrompt(terminal, "trivia")
    #expect(help.contains("You can type:"))
    #expect(!help.contains("Unknown command"))
    #expect(terminal.isRunning)

    // And in the middle of a round.
    try terminal.type("play")
    try Self.awaitPrompt(terminal, "question 1/10")
    try terminal.send("2")
    try terminal.send(Self.ctrlC)
    try terminal.expect("^C")
    try Self.awaitPrompt(terminal, "question 1/10")
    #expect(terminal.isRunning)
    try Self.leave(terminal)
  }

  @Test("Ctrl-D on an empty line leaves with status 0, saving the round without asking")
  func ctrlD() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.type("play")
    try Self.awaitPrompt(terminal, "question 1/10")
    try terminal.send(Self.ctrlD)
    #expect(terminal.waitForExit() == .status(0))
    #expect(terminal.text.contains("Your round is saved: type resume next time to go on with it."))
    #expect(!terminal.text.contains("Abandon this round?"))
    #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath))
  }

  @Test("quit leaves with status 0")
  func quit() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.type("quit")
    #expect(terminal.waitForExit() == .status(0))
  }

  @Test(
    "History is written once, when the game ends, as shells do: a signal that ends it writes it too",
    arguments: [SIGTERM, SIGHUP])
  func historyAtExit(signal: Int32) throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.type("options")
    try Self.awaitPrompt(terminal, "options")
    // Not after each line: nothing is written while the game goes on.
    #expect(!FileManager.default.fileExists(atPath: sandbox.historyPath))
    kill(terminal.pid, signal)
    #expect(terminal.waitForExit() == .status(0))
    let history = try String(contentsOfFile: sandbox.historyPath, encoding: .utf8)
    #expect(Array(history.split(separator: "\n").dropFirst()) == ["options"])
  }

  @Test("History is saved under XDG_STATE_HOME in libedit's format")
  func history() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox)
    try Self.awaitPrompt(terminal, "trivia")
    try terminal.type("play")
    try Self.awaitPrompt(terminal, "question 1/10")
    try terminal.type("back")
    // Leaving a round asks first, on the same line editor.
    try Self.awaitPrompt(terminal, "Abandon this round? (y/n)")
    try terminal.type("y")
    try Self.awaitPrompt(terminal, "trivia")
    try Self.leave(terminal)

    let history = try String(contentsOfFile: sandbox.historyPath, encoding: .utf8)
    #expect(history.hasPrefix("_HiStOrY_V2_\n"))
    let entries = history.split(separator: "\n").dropFirst()
    #expect(Array(entries) == ["play", "back", "y"])
    // Nothing was written to the real home.
    #expect(!FileManager.default.fileExists(atPath: sandbox.home + "/.local/state/trivia/history"))

    // The next session recalls it: Up arrow brings back the last line, then the ones before.
    let next = try Self.start(sandbox)
    try Self.awaitPrompt(next, "trivia")
    try next.send("\(Self.escape)[A")
    try next.expect("y")
    try next.send("\(Self.escape)[A")
    try next.expect("back")
    try next.send("\(Self.escape)[A")
    try next.expect("play")
    try next.send("\r")
    try Self.awaitPrompt(next, "question 1/10")
    try Self.leave(next)
  }

  struct Colour: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var environment: [String: String]
    var expectsColour: Bool
    var testDescription: String {
      let words = arguments + environment.map { "\($0.key)=\($0.value)" }
      return words.isEmpty ? "a plain terminal" : words.joined(separator: " ")
    }
  }

  @Test(
    "Colour on a terminal, none with --no-color or NO_COLOR",
    arguments: [
      Colour(arguments: [], environment: [:], expectsColour: true),
      Colour(arguments: ["--no-color"], environment: [:], expectsColour: false),
      Colour(arguments: [], environment: ["NO_COLOR": "1"], expectsColour: false),
    ])
  func colour(_ case: Colour) throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox, ["--seed", "7"] + `case`.arguments, environment: `case`.environment)
    try Self.awaitPrompt(terminal, "trivia", colour: `case`.expectsColour)
    try terminal.type("play")
    try Self.awaitPrompt(terminal, "question 1/10", colour: `case`.expectsColour)
    try terminal.type("xyzzy")
    try Self.awaitPrompt(terminal, "question 1/10", colour: `case`.expectsColour)
    try Self.leave(terminal)

    let text = terminal.text
    #expect(text.contains("Question 1 of 10"))
    let colours = Self.selectGraphicRenditions(in: text)
    if `case`.expectsColour {
      #expect(colours.contains("\(Self.escape)[1;36m"))  // titles and the prompt
      #expect(colours.contains("\(Self.escape)[1;31m"))  // the refusal
      #expect(colours.contains("\(Self.escape)[0m"))
    } else {
      #expect(colours.isEmpty, "colour codes: \(colours)")
    }
  }

  /// The colour codes (`ESC [ … m`) in `text`; cursor movement from the line editor is not colour.
  static func selectGraphicRenditions(in text: String) -> [String] {
    var found: [String] = []
    var scalars = text.unicodeScalars[...]
    while let start = scalars.firstIndex(of: "\u{1B}") {
      scalars = scalars[scalars.index(after: start)...]
      guard scalars.first == "[" else { continue }
      let body = scalars.dropFirst().prefix { ("0"..."9").contains($0) || $0 == ";" }
      let end = body.endIndex
      if end < scalars.endIndex, scalars[end] == "m" {
        found.append("\u{1B}[" + String(String.UnicodeScalarView(body)) + "m")
      }
    }
    return found
  }

  @Test("A multibyte character erased with backspace leaves no stray bytes")
  func utf8Backspace() throws {
    let sandbox = try Sandbox()
    let terminal = try Self.start(sandbox, ["--seed", "7", "--no-color"])
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try terminal.send("caf")
    try terminal.expect("caf")
    try terminal.send("é")
    try terminal.expect("é")
    try terminal.send(Self.backspace)
    try terminal.send("e\r")
    let reply = try Self.awaitPrompt(terminal, "trivia", colour: false)
    #expect(reply.contains("Unknown command 'cafe'. Type help to see what you can do here."))
    #expect(!reply.contains("\u{FFFD}"))

    // A multibyte character that stays is passed on whole.
    try terminal.type("café")
    let accented = try Self.awaitPrompt(terminal, "trivia", colour: false)
    #expect(accented.contains("Unknown command 'café'."))
    try Self.leave(terminal)
    #expect(String(validating: terminal.output, as: UTF8.self) != nil)
    let history = try String(contentsOfFile: sandbox.historyPath, encoding: .utf8)
    #expect(history.split(separator: "\n").contains("cafe"))
  }

  @Test(
    "With no locale set (the POSIX locale of containers and cron), typed UTF-8 still arrives whole",
    arguments: [[:], ["LANG": "C"], ["LC_ALL": "POSIX"]])
  func posixLocaleIsCoercedToUTF8(locale: [String: String]) throws {
    let sandbox = try Sandbox()
    var environment = sandbox.environment.merging(["TERM": "xterm-256color"]) { _, new in new }
    environment["LANG"] = nil
    environment["LC_ALL"] = nil
    let terminal = try PseudoTerminal(
      TriviaBinary.path, arguments: ["--seed", "7", "--no-color"],
      environment: environment.merging(locale) { _, new in new })
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try terminal.type("Emily Brontë")
    let reply = try Self.awaitPrompt(terminal, "trivia", colour: false)
    #expect(reply.contains("Unknown command 'Emily Brontë'."))
    try Self.leave(terminal)
  }

  @Test("Tab after source completes folders, files and bundled")
  func sourceCompletion() throws {
    let sandbox = try Sandbox()
    try sandbox.write("two.json", QuestionFixtures.easy(2))
    let terminal = try Self.start(sandbox, ["--seed", "7", "--no-color"])
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    let root = String(sandbox.work.dropLast("/work".count))
    try terminal.send("source \(root)/wo\t")
    try terminal.expect("rk/")
    try terminal.send("t\t")
    try terminal.expect("wo.json ")
    try terminal.send("\r")
    let loaded = try Self.awaitPrompt(terminal, "trivia", colour: false)
    #expect(loaded.contains("Loaded 2 questions from \(root)/work/two.json"))
    try terminal.send("source bu\t")
    try terminal.expect("ndled ")
    try terminal.send("\r")
    try Self.awaitPrompt(terminal, "trivia", colour: false)
    try Self.leave(terminal)
  }
}
