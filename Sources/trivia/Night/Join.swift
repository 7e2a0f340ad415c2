import ArgumentParser
import Glibc
import TriviaApp

/// `trivia join URL`: plays in a night someone hosts, from this terminal.
struct Join: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "join",
    abstract: "Join a trivia night: trivia join http://ADDRESS:PORT/CODE, as the host's lobby shows it.",
    discussion: """
      Asks for a name unless --name gives one (1 to 20 characters, unique in the night). Every \
      screen then follows the host: the waiting room, each question with the host's countdown, \
      your verdict and place, the standings and the final podium.
      """)

  @Argument(help: "The address the host's lobby shows, as in http://192.168.1.20:7777/K7TQ4M.")
  var url: String

  @Option(help: "Your name in the night, 1 to 20 characters.")
  var name: String?

  @Flag(help: "End when the night does, rather than go on to a game of your own (as an SSH player is run).")
  var onlyThisNight = false

  @OptionGroup var input: ScriptArgument
  @OptionGroup var look: LookArguments

  func validate() throws {
    guard NightAddress(url) != nil else {
      throw ValidationError.clean("join: '\(url)' is not a night's address: expected http://HOST:PORT/CODE.")
    }
  }

  func run() async throws {
    var arguments = try Trivia.parse([])
    arguments.input = input
    arguments.look = look
    // A night is the host's game: nothing of it goes into this player's history.
    arguments.noHistory = true
    let session = try await Session(
      arguments: arguments, night: .join(url: url, name: name, onlyThisNight: onlyThisNight))
    try await session.run()
    Glibc.exit(0)
  }
}
