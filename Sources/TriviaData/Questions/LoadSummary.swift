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
    let from = filesRead > 0 ? Self.counted(filesRead, "file") : source
    let skipped = Self.grouped(questionsSkipped)
    return "Loaded \(Self.counted(questionsLoaded, "question")) from \(from) (\(skipped) skipped)"
  }

  /// `1 file`, `47,175 questions`: the number grouped, the noun in the plural but for one.
  public static func counted(_ number: Int, _ noun: String) -> String {
    "\(grouped(number)) \(number == 1 ? noun : noun + "s")"
  }

  /// `47175` as `47,175`.
  public static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return number < 0 ? "-" + result : result
  }
}

extension QuestionBank {
  /// The numbers of this load and the line to show for it.
  public func summary(source: String) -> LoadSummary {
    LoadSummary(bank: self, source: source)
  }
}
