import TriviaData

/// `trivia convert SOURCE… --to FILE`: whatever the game reads (Open Trivia DB responses,
/// OpenTriviaQA files and folders, the project's JSON, spreadsheets, Moodle's GIFT and Aiken,
/// `bundled`) written as the project's JSON (`.json`), as a spreadsheet (`.csv`, `.xlsx`) to
/// take to Kahoot, Quizizz or a colleague and back, or as GIFT or Aiken (`.gift`, `.aiken` or
/// `.txt`) to take to Moodle, so a person can start a bank from what they have and edit it.
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

  /// What a file is written as, by its name's extension.
  public enum Output: String, Sendable, CaseIterable {
    case json, csv, xlsx, gift, aiken

    /// The output `path` names (`.txt` is Aiken: Moodle's Aiken import asks for one), or an
    /// error that lists the extensions written.
    public init(path: String) throws(DataSourceError) {
      let name = path.split(separator: "/").last ?? ""
      let dot = name.lastIndex(of: ".")
      let named = dot.map { name[name.index(after: $0)...].lowercased() }
      guard let dot, dot != name.startIndex, let named, let output = Output(rawValue: named == "txt" ? "aiken" : named)
      else {
        throw DataSourceError(
          file: path,
          reason: "cannot tell what to write: name the file .json (the game's own JSON), .csv or .xlsx "
            + "(a spreadsheet), .gift (Moodle GIFT), or .aiken or .txt (Moodle Aiken)")
      }
      self = output
    }

    public func encode(_ questions: QuestionList) throws(DataSourceError) -> [UInt8] {
      switch self {
      case .json: QuestionFileFormat.encode(questions)
      case .csv: CSVFormat.encode(questions)
      case .xlsx: try XLSXFormat.encode(questions)
      case .gift: GIFTFormat.encode(questions)
      case .aiken: try AikenFormat.encode(questions)
      }
    }
  }

  public static func convert(_ sources: [String], to path: String) async throws(DataSourceError) -> Outcome {
    let output = try Output(path: path)
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
    do {
      bytes = try output.encode(questions)
    } catch {
      throw DataSourceError(file: path, reason: "cannot write: \(error.message)")
    }
    do {
      try AtomicFile.export(bytes, to: path)
    } catch {
      throw DataSourceError(file: path, reason: "cannot write: \(error.description)")
    }
    return Outcome(questionCount: questions.count, skipped: skipped, filesIgnored: ignored)
  }
}
