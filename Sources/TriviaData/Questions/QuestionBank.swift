/// The questions a source gave, and an account of those it could not use.
public struct QuestionBank: Sendable, Equatable {
  /// A question that was left out, and why.
  public struct Skipped: Sendable, Equatable, CustomStringConvertible {
    /// Where it was: `questions.json:14`.
    public var location: String
    public var reason: String
    /// A file in a folder that is not a question file at all (a README, a picture): worth
    /// a name, not a paragraph, when a load is reported.
    public var isNotQuestionFile = false
    /// Where in its file, for a tool that points at it; set by a read that locates.
    public var position: SourcePosition?
    /// Its other faults, after the one `reason` names, each with where it is: set by a read
    /// that locates, so that a tool names every fault at once and not one per run.
    public var otherFaults: [Fault] = []

    /// One more thing wrong with a skipped question.
    public struct Fault: Sendable, Equatable {
      public var reason: String
      public var position: SourcePosition?

      public init(reason: String, position: SourcePosition?) {
        self.reason = reason
        self.position = position
      }

      /// A level a file wrote that is none of the game's: the question is kept, under Mixed.
      static func unknownLevel(_ word: some StringProtocol, at position: SourcePosition?) -> Self {
        Self(reason: "\"\(word)\" is not easy, medium or hard: the question plays only under Mixed", position: position)
      }
    }

    public init(
      location: String, reason: String, isNotQuestionFile: Bool = false, position: SourcePosition? = nil
    ) {
      self.location = location
      self.reason = reason
      self.isNotQuestionFile = isNotQuestionFile
      self.position = position
    }

    public var description: String { "\(location): \(reason)" }
  }

  public var questions: QuestionList
  public var skipped: [Skipped]
  /// How many files gave questions, for a source that reads a folder; 0 for other sources.
  public var filesRead = 0
  /// Files a folder source left out, and why: not a question file, or one it could not read.
  /// Kept apart from `skipped`, which is about questions.
  public var filesIgnored: [Skipped] = []
  /// What else the player should hear about this load, a line each: that a web source
  /// started serving its questions over again, say.
  public var notes: [String] = []
  /// The formats its questions were read in, for the credit a third party's asks for.
  public var formats: Set<QuestionFormat> = []
  /// A folder's licence file beside its questions: the file's name and the licence it names
  /// (nil when it names none this program knows).
  public var licence: LicenceFile?
  /// Where each question is in its file, in the order of `questions`: filled by a read that
  /// locates (`QuestionFormat.decode(_:name:locating:)`), for tools; empty for the game.
  public var locations: [QuestionLocation] = []
  /// What a read noticed and played anyway, each with where it is: a spreadsheet's column
  /// nobody reads, a time out of range the question plays without. For tools (`trivia check`).
  public var warnings: [Skipped.Fault] = []

  public init(questions: QuestionList, skipped: [Skipped] = []) {
    self.questions = questions
    self.skipped = skipped
  }

  public init(questions: [Question], skipped: [Skipped] = []) {
    self.init(questions: QuestionList(questions), skipped: skipped)
  }
}

extension QuestionBank {
  /// Throws when a file gave no question to play, telling how many were skipped and why the
  /// first was (or `otherwise`, when none was).
  func requireQuestions(from name: String, otherwise: String = "") throws(DataSourceError) {
    guard questions.isEmpty else { return }
    let why = skipped.first.map { " (\($0))" } ?? otherwise
    throw DataSourceError(file: name, reason: "no usable questions; \(skipped.count) skipped\(why)")
  }
}
