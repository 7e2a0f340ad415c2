import TriviaData

/// `trivia convert SOURCE… --to FILE.json`: whatever the game reads (Open Trivia DB
/// responses, OpenTriviaQA files and folders, the project's JSON, `bundled`) written as the
/// project's JSON, so a person can start a bank from what they have and edit it.
///
/// Each source is loaded by the game's own data source, so the file written holds exactly
/// the questions `--source` would play, in the same order, with their categories, and their
/// levels where the source has them (OpenTriviaQA has none: those questions are written
/// without `difficulty`, and play under Mixed). The file is replaced atomically: a temporary
/// file, synced, then renamed over it.
public enum BankConverter {
  /// What a conversion read and wrote.
  public struct Outcome: Sendable {
    public var questionCount: Int
    /// Every question the sources skipped, and why.
    public var skipped: [QuestionBank.Skipped]
    /// Files of a folder that were not question files.
    public var filesIgnored: [QuestionBank.Skipped]
  }

  public static func convert(_ sources: [String], to path: String) async throws(DataSourceError) -> Outcome {
    var questions = QuestionList()
    var skipped: [QuestionBank.Skipped] = []
    var ignored: [QuestionBank.Skipped] = []
    for spec in sources {
      let bank = try await DataSourceSpec.parse(spec).makeDataSource()
        .load(LoadRequest(count: 50, difficulty: .mixed))
      questions += bank.questions
      skipped += bank.skipped
      ignored += bank.filesIgnored
    }
    do {
      try AtomicFile.write(QuestionFileFormat.encode(questions), to: path)
    } catch {
      throw DataSourceError(file: path, reason: "cannot write: \(error.description)")
    }
    return Outcome(questionCount: questions.count, skipped: skipped, filesIgnored: ignored)
  }
}
