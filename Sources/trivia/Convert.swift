import ArgumentParser
import ScreenKit
import TriviaData
import TriviaTerminal
import TriviaTools

/// `trivia convert SOURCE… --to FILE`: a bank in the project's JSON, a spreadsheet, or Moodle's
/// GIFT or Aiken, from what a person has, to edit from there or take to a course.
struct Convert: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    // Named here, not made from the type's name by reflection, which every start would pay for.
    commandName: "convert",
    abstract: "Write question files of any format the game reads as one file: JSON, CSV, XLSX, GIFT or Aiken.",
    discussion: """
      Reads each source as --source would (Open Trivia DB responses, OpenTriviaQA files or \
      folders, the project's JSON, CSV and XLSX spreadsheets, Moodle GIFT and Aiken, 'bundled') \
      and writes their questions, in order, to one file, in the format its extension names: \
      .json the project's JSON (keeping categories, levels where the source has them, and a \
      question's own time); .csv or .xlsx a spreadsheet with the columns question, correct, \
      wrong…, category, difficulty, seconds; .gift Moodle GIFT (categories as $CATEGORY lines, \
      levels and times as '// difficulty:' and '// seconds:' comments); .aiken or .txt Moodle \
      Aiken (text and answers only). The file is replaced atomically. Questions a source skips \
      are listed on standard error.
      """)

  @Option(
    name: .customLong("to"),
    help: ArgumentHelp("The file to write: .json, .csv, .xlsx, .gift, or .aiken or .txt.", valueName: "file"))
  var output: String

  @Argument(help: "Question files or folders to convert.")
  var sources: [String]

  func run() async throws {
    let outcome: BankConverter.Outcome
    do {
      outcome = try await BankConverter.convert(sources, to: output)
    } catch {
      TextOutput.standardError.write(Sanitizer.clean("trivia convert: \(error.message)") + "\n")
      throw ExitCode(1)
    }
    for skipped in outcome.skipped {
      TextOutput.standardError.write(Sanitizer.clean("\(skipped.location): skipped: \(skipped.reason)") + "\n")
    }
    let questions = NumberText.counted(outcome.questionCount, "question")
    let skipped = NumberText.grouped(outcome.skipped.count)
    TextOutput.standardOutput.write(Sanitizer.clean("Wrote \(questions) to \(output) (\(skipped) skipped).") + "\n")
  }
}
