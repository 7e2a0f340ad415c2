import ArgumentParser
import FoundationEssentials
import Glibc
import ScreenKit
import TriviaData
import TriviaHistory
import TriviaTerminal

/// `trivia nights`: the nights hosted here, kept in the host's history.
struct Nights: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nights",
    abstract: "The trivia nights hosted here, from the history.",
    discussion: "On the landing, 'nights' lists them and 'nights N' shows one's final table.",
    subcommands: [Export.self])

  /// `trivia nights export N --to FILE.csv`: a night's report, for a spreadsheet or a program.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write a hosted night's report: one row per player per question.",
      discussion: """
        Each row has the night, the question, the player, the answer chosen, whether it was \
        right, the milliseconds taken and the points, with the player's final place and score. \
        CSV by default (UTF-8, opened as it is by a spreadsheet); --json writes the night whole. \
        The file is replaced atomically.
        """)

    @Argument(help: "The night's number, as 'nights' on the landing lists it.")
    var number: Int

    @Option(name: .customLong("to"), help: ArgumentHelp("The file to write.", valueName: "file.csv"))
    var output: String

    @Flag(help: "Write JSON rather than CSV.")
    var json = false

    @MainActor func run() async throws {
      let files = GameFiles(environment: ProcessInfo.processInfo.environment)
      let fail = { (sentence: String) -> ExitCode in
        TextOutput.standardError.write(Sanitizer.clean("trivia nights export: \(sentence)") + "\n")
        return ExitCode(1)
      }
      guard access(files.history, F_OK) == 0 else {
        throw fail("no history at \(files.history): no night has been hosted here.")
      }
      var problems: [String] = []
      let history = SQLiteHistory(path: files.history) { problems.append($0) }
      defer { history.close() }
      guard let nights = history.hostedNights() else {
        throw fail(problems.first ?? "the history at \(files.history) could not be read.")
      }
      guard let night = nights.first(where: { $0.number == number }) else {
        let hosted = nights.isEmpty ? "none has been hosted here" : "they are 1 to \(nights.count)"
        throw fail("there is no night \(number): \(hosted) (see 'nights' on the landing).")
      }
      let text = json ? NightReport.json(night) : NightReport.csv(night)
      do throws(AtomicFile.Failure) {
        try AtomicFile.export(Array(text.utf8), to: output)
      } catch {
        throw fail("cannot write \(output): \(error)")
      }
      let rows = night.night.questions.reduce(0) { $0 + $1.answers.count }
      TextOutput.standardOutput.write(
        Sanitizer.clean(
          "Wrote night \(number), \(night.night.title): \(NumberText.counted(rows, "row")) "
            + "(\(NumberText.counted(night.night.players.count, "player")), "
            + "\(NumberText.counted(night.night.questions.count, "question"))) to \(output).") + "\n")
    }
  }
}
