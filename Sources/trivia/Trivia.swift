import ArgumentParser
import Foundation
import TriviaApp
import TriviaData

@main
struct Trivia: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "trivia",
    abstract: "A trivia game for the terminal.",
    discussion: """
      Plays interactively with line editing when standard input is a terminal, and reads
      one command per line otherwise (or from --script). Type help on any screen.
      """,
    version: "0.1.0")

  @Option(help: "Where questions come from: 'bundled' or the path of a question file.")
  var source = "bundled"

  @Option(help: "Questions per round, from 1 to 50 (default: the saved option, else 10).")
  var count: Int?

  @Option(help: "mixed, easy, medium or hard (default: the saved option, else mixed).")
  var difficulty: DifficultyChoice?

  @Option(help: "Seed for dealing and shuffling; the same seed replays the same game.")
  var seed: UInt64?

  @Option(help: "Read commands from FILE, or '-' for standard input, instead of the terminal.")
  var script: String?

  @Option(help: "Write every navigation event to FILE as JSON lines.")
  var trace: String?

  @Flag(help: "Never use colour.")
  var noColor = false

  func validate() throws {
    if let count, !GameOptions.countRange.contains(count) {
      throw ValidationError("--count must be from 1 to 50, not \(count).")
    }
  }

  func run() async throws {
    let session = try await Session(arguments: self)
    await session.run()
  }
}

extension DifficultyChoice: ExpressibleByArgument {}
