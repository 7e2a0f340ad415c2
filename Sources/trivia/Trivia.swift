import ArgumentParser
import FoundationEssentials
import Glibc
import TriviaApp
import TriviaData
import TriviaTerminal

@main
struct Trivia: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trivia",
    abstract: "A trivia game for the terminal.",
    discussion: """
      Plays interactively with line editing when standard input is a terminal, and reads \
      one command per line otherwise (or from --script). Type help on any screen.
      """,
    version: "0.2.0",
    // Tools for people who write banks; without one, `trivia` plays.
    subcommands: [Check.self, Convert.self, Host.self, Join.self, Edge.self, Nights.self])

  /// The options a round is played with, which a night's host takes too.
  @OptionGroup var game: GameArguments

  /// Shared with `host` and `join` as a group: an option the root declares on its own is the
  /// root's even when typed after a subcommand, so theirs would never be set.
  @OptionGroup var input: ScriptArgument

  @Option(help: "Write every navigation event to FILE as JSON lines.")
  var trace: String?

  @Option(
    help: """
      Write this session (options, seed, every line typed) to FILE as a script for --script. It neither reads \
      nor keeps history, so the script replays the same whatever the history holds.
      """)
  var record: String?

  @Option(
    name: .customLong("open"),
    help: ArgumentHelp(
      """
      Follow a trivia:// link, e.g. trivia://play?difficulty=hard: in the game this user is already \
      playing, if one runs (printing what it did with the link), else in a new one.
      """, valueName: "link"))
  var link: String?

  @Flag(help: "Start a new game even when one is running; --open then follows the link in it.")
  var new = false

  @Flag(help: "Go on with the round saved when the last session ended.")
  var resume = false

  // The root's own, not the game group's: a night's host has players of its own.
  @Option(
    help: ArgumentHelp(
      """
      Take turns at this terminal, a question each: \(GameOptions.playersRuleText) with commas between \
      (default: the saved option, else one player); 'off' for one player.
      """, valueName: "names"))
  var players: String?

  /// The players `--players` names: none for `off`, nil when it was not given.
  var playerNames: [String]? {
    players.map { $0.lowercased() == "off" ? [] : (try? GameOptions.players($0).get()) ?? [] }
  }

  @OptionGroup var look: LookArguments

  var script: String? {
    get { input.script }
    set { input.script = newValue }
  }
  var noHistory: Bool {
    get { look.noHistory }
    set { look.noHistory = newValue }
  }
  var noColor: Bool { look.noColor }

  /// ArgumentParser's own `main`, but what it says about the command line is cleaned as the
  /// game's messages are: an argument it quotes (`--count $'\e]0;…'`) may hold escape
  /// sequences. Help and `--version` print as they did.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? AsyncParsableCommand { try await command.run() } else { try command.run() }
    } catch {
      let code = exitCode(for: error)
      guard code != .success else { exit(withError: error) }
      let lines = fullMessage(for: error).split(separator: "\n", omittingEmptySubsequences: false)
      if lines != [""] {
        TextOutput.standardError.write(lines.map { Sanitizer.clean(String($0)) }.joined(separator: "\n") + "\n")
      }
      Glibc.exit(code.rawValue)
    }
  }

  func validate() throws {
    if let players, players.lowercased() != "off", case .failure(let problem) = GameOptions.players(players) {
      throw ValidationError.clean("--players: \(problem.sentence)")
    }
    if let link {
      do {
        _ = try TriviaRoute(link: link)
      } catch {
        throw ValidationError.clean("--open: \(error.message).")
      }
    }
  }

  func run() async throws {
    var arguments = self
    if let script, script != "-" { try arguments.adoptHeader(of: script) }
    // A scripted run never steers a game someone is playing.
    if let link, script == nil, !new, let status = Self.deliver(link) { Glibc.exit(status) }
    let session = try await Session(arguments: arguments)
    try await session.run()
    // Everything is written; tearing down a bank of 50,000 questions would only cost time.
    Glibc.exit(0)
  }

  /// A script written by --record starts with `#!trivia` and the options it was played
  /// with; options given on this command line win.
  mutating func adoptHeader(of path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    let start = String(decoding: bytes.prefix(max(got, 0)), as: UTF8.self)
    guard start.hasPrefix("#!trivia "), let line = start.split(separator: "\n").first else { return }
    let words = Self.words(of: String(line.dropFirst("#!trivia ".count)))
    let header = try Trivia.parse(words)
    game.source = game.source ?? header.game.source
    game.count = game.count ?? header.game.count
    game.difficulty = game.difficulty ?? header.game.difficulty
    game.category = game.category ?? header.game.category
    game.seedText = game.seedText ?? header.game.seedText
    game.time = game.time ?? header.game.time
    players = players ?? header.players
    look.noHistory = look.noHistory || header.look.noHistory
  }

  /// The line that starts a recording: how to play the same session again.
  func header(seed: UInt64, options: GameOptions) -> String {
    var words = ["trivia", "--seed", String(seed)]
    words += ["--count", String(options.questionCount), "--difficulty", options.difficulty.rawValue]
    if let category = options.category { words += ["--category", category] }
    if let time = options.timeLimit { words += ["--time", String(time)] }
    if let players = options.players { words += ["--players", players.joined(separator: ",")] }
    if let source = options.source { words += ["--source", source] }
    words.append("--no-history")
    return words.map(Self.quoted).joined(separator: " ")
  }

  /// A word as the header writes it: bare when safe, else in single quotes with `\` before
  /// any quote or backslash inside.
  static func quoted(_ word: String) -> String {
    guard word.isEmpty || word.contains(where: { $0 == " " || $0 == "'" || $0 == "\\" }) else { return word }
    var escaped = ""
    for character in word {
      if character == "\\" || character == "'" { escaped.append("\\") }
      escaped.append(character)
    }
    return "'" + escaped + "'"
  }

  /// Splits a header line into words, undoing `quoted`.
  static func words(of line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quoted = false
    var started = false
    var escaped = false
    for character in line {
      if escaped {
        word.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
        started = true
      } else if character == "'" {
        quoted.toggle()
        started = true
      } else if character == " ", !quoted {
        if started { words.append(word) }
        word = ""
        started = false
      } else {
        word.append(character)
        started = true
      }
    }
    if started { words.append(word) }
    return words
  }
}

extension DifficultyChoice: ExpressibleByArgument {
  /// `HARD` is `hard`, as the game's own difficulty command takes it.
  public init?(argument: String) {
    self.init(rawValue: argument.lowercased())
  }
}

extension ValidationError {
  /// A refusal on the command line: what it quotes (a link, a path, a category) may hold
  /// escape sequences, which reach the terminal as harmless placeholders.
  static func clean(_ message: String) -> ValidationError {
    ValidationError(Sanitizer.clean(message))
  }
}
