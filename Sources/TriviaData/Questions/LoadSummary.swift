import NumberWords

/// What a load gave, in numbers, and the line to tell the player.
public struct LoadSummary: Sendable, Equatable {
  /// The source's name, used when it is not a folder.
  public var source: String
  /// Files that gave questions; 0 for sources that are not folders.
  public var filesRead: Int
  public var questionsLoaded: Int
  public var questionsSkipped: Int
  /// Files in a folder that were not question files, or could not be read.
  public var filesIgnored: [QuestionBank.Skipped]

  public init(bank: QuestionBank, source: String) {
    self.source = source
    filesRead = bank.filesRead
    questionsLoaded = bank.questions.count
    questionsSkipped = bank.skipped.count
    filesIgnored = bank.filesIgnored
  }

  /// `Loaded 47,175 questions from 18 files (0 skipped)`, or for a source that is not a
  /// folder, `Loaded 10 questions from opentdb (0 skipped)`.
  public var text: String {
    let from = filesRead > 0 ? NumberText.counted(filesRead, "file") : source
    let skipped = NumberText.grouped(questionsSkipped)
    return "Loaded \(NumberText.counted(questionsLoaded, "question")) from \(from) (\(skipped) skipped)"
  }

  /// `NumberText.counted`, kept for AppNavigator+Home, which says it here; new code says
  /// `NumberText.counted`.
  public static func counted(_ number: Int, _ noun: String) -> String {
    NumberText.counted(number, noun)
  }

  /// `NumberText.grouped`, kept for AppNavigator+Home, which says it here; new code says
  /// `NumberText.grouped`.
  public static func grouped(_ number: Int) -> String {
    NumberText.grouped(number)
  }
}

extension QuestionBank {
  /// The numbers of this load and the line to show for it.
  public func summary(source: String) -> LoadSummary {
    LoadSummary(bank: self, source: source)
  }
}
