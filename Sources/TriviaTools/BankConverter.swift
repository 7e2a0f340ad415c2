import TriviaData

/// `trivia convert SOURCE… --to FILE`: whatever the game reads (Open Trivia DB responses,
/// OpenTriviaQA files and folders, the project's JSON, Moodle's GIFT and Aiken, `bundled`)
/// written as the project's JSON, so a person can start a bank from what they have and edit
/// it, or as GIFT or Aiken, to take it to Moodle (`writer(for:)`).
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

  /// The writer `path`'s extension chooses: `.json` the project's JSON, `.gift` GIFT,
  /// `.aiken` or `.txt` Aiken (Moodle's Aiken import asks for a `.txt` file). Any other is an
  /// error that names these, before a source is read.
  public static func writer(for path: String) throws(DataSourceError) -> (QuestionList) throws(DataSourceError) ->
    [UInt8]
  {
    switch fileExtension(path).lowercased() {
    case "json": return { questions in QuestionFileFormat.encode(questions) }
    case "gift": return { questions in GIFTFormat.encode(questions) }
    case "aiken", "txt": return { questions throws(DataSourceError) in try AikenFormat.encode(questions) }
    default:
      throw DataSourceError(
        file: path,
        reason: "cannot tell which format to write: its name should end in .json (the project's JSON), "
          + ".gift (Moodle GIFT), or .aiken or .txt (Moodle Aiken)")
    }
  }

  /// What follows the last `.` of the file's name, or nothing.
  static func fileExtension(_ path: String) -> Substring {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return name[name.index(after: dot)...]
  }

  public static func convert(_ sources: [String], to path: String) async throws(DataSourceError) -> Outcome {
    let write = try writer(for: path)
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
    let bytes: [UInt8]
    do throws(DataSourceError) {
      bytes = try write(questions)
    } catch {
      throw DataSourceError(file: path, reason: "cannot write: \(error.message)")
    }
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw DataSourceError(file: path, reason: "cannot write: \(error.description)")
    }
    return Outcome(questionCount: questions.count, skipped: skipped, filesIgnored: ignored)
  }
}
