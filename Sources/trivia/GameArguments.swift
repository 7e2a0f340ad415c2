import ArgumentParser
import TriviaApp
import TriviaData

/// What a round is played with, as `trivia` and `trivia host` take it on the command line.
struct GameArguments: ParsableArguments {
  @Option(
    help: """
      Where questions come from: 'bundled' (the default), a question file or a folder of them \
      (the project's JSON, Open Trivia DB responses, OpenTriviaQA text, Moodle GIFT or Aiken), \
      'opentdb' or an Open Trivia DB API URL.
      """)
  var source: String?

  // Values are taken as they are, so `--count -1` reads -1 (and says it is out of range)
  // rather than an option named -1.
  @Option(
    parsing: .unconditional,
    help: "Questions per round, \(GameOptions.countRangeText) (default: the saved option, else 10).")
  var count: Int?

  @Option(
    parsing: .unconditional,
    help: """
      Seconds each question may take, \(GameOptions.timeRangeText); the prompt counts them down \
      (default: the saved option, else 0; for 'trivia host', else 20, and never 0). Under a script \
      time passes only on 'wait N' lines.
      """)
  var time: Int?

  @Option(help: "The questions' level, in any case (default: the saved option, else mixed).")
  var difficulty: DifficultyChoice?

  @Option(help: "Play only questions of this category (see the category command); 'all' for every one.")
  var category: String?

  @Option(
    name: .customLong("seed"), parsing: .unconditional,
    help: """
      Seed for dealing and shuffling, from 0 to \(UInt64.max): the same seed replays the same game \
      with the same history (or with --no-history).
      """)
  var seedText: String?

  var seed: UInt64? { seedText.flatMap { UInt64($0) } }

  func validate() throws {
    if let seedText, UInt64(seedText) == nil {
      throw ValidationError.clean("--seed must be a whole number from 0 to \(UInt64.max), not \(seedText).")
    }
    if let count, !GameOptions.countRange.contains(count) {
      throw ValidationError.clean("--count must be \(GameOptions.countRangeText), not \(count).")
    }
    if let time, !GameOptions.allowsTime(time) {
      throw ValidationError.clean("--time must be \(GameOptions.timeRangeText) seconds, not \(time).")
    }
  }
}

/// `--script`, which `trivia`, `trivia host` and `trivia join` all take.
struct ScriptArgument: ParsableArguments {
  @Option(help: "Read commands from FILE, or '-' for standard input, instead of the terminal.")
  var script: String?
}

/// `--no-history` and `--no-color`, which `trivia` and `trivia host` take.
struct LookArguments: ParsableArguments {
  @Flag(help: "Play without reading or writing the history of answers and rounds.")
  var noHistory = false

  @Flag(help: "Never use colour.")
  var noColor = false
}
