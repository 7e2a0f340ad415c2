import ArgumentParser
import TriviaTerminal
import TriviaTools

/// `trivia check FILE…`: for people who write their own banks, what the game would refuse
/// in them and what a player would notice, before a room full of people sees it.
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    // Named here, not made from the type's name by reflection, which every start would pay for.
    commandName: "check",
    abstract: "Check question files for what the game refuses and what a player would notice.",
    discussion: """
      Reads each file or folder as --source would (the project's JSON, Open Trivia DB responses, \
      OpenTriviaQA text, Moodle GIFT and Aiken, CSV and XLSX spreadsheets) and prints a line for \
      each finding, 'file:line:column: error|warning: message' (in a spreadsheet 'file, row 12, \
      column "Answer 3": …'), then a summary. Errors are what the game refuses: a file it cannot load, a question \
      it skips. Warnings are what it plays but a player would notice: the same question twice, the \
      right answer among the wrong ones or written in the question, options that differ only in \
      case or accents, a question without a level, a category whose true/false statements lean one \
      way, lines that wrap badly on an 80-column terminal. Exits 1 when there is an error, 0 \
      otherwise.
      """)

  @Flag(help: "Count warnings as errors: print them as errors, and exit 1 when there is one.")
  var strict = false

  @Argument(help: "Question files, or folders of them: each is checked as one bank.")
  var files: [String]

  func run() throws {
    let report = CheckReport(paths: files)
    // A line quotes file names and questions, which may hold escape sequences.
    TextOutput.standardOutput.write(report.lines(strict: strict).map { Sanitizer.clean($0) + "\n" }.joined())
    let status = report.exitStatus(strict: strict)
    if status != 0 { throw ExitCode(status) }
  }
}
