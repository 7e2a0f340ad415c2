import ScreenKit
import TriviaData

/// What `trivia check FILE…` prints, and the status it exits with. Each path is checked as a
/// bank of its own, as `--source PATH` would load it: a file, or every file in a folder
/// together (a question twice across a folder's files is a question twice in its rounds).
public struct CheckReport: Sendable {
  public private(set) var findings: [Finding] = []
  /// Questions read, those the game skips included.
  public private(set) var questionCount = 0
  /// Questions the game skips (each named by an error).
  public private(set) var skippedCount = 0
  /// Question files read, refused ones included; not a path that names no file.
  public private(set) var fileCount = 0
  /// Files in folders that hold no questions (a README), which a folder source passes over.
  public private(set) var passedOver: [String] = []

  public init(paths: [String], checker: BankChecker = BankChecker()) {
    for path in paths {
      let files: [SourceFile]
      do {
        files = try SourceFile.read(path)
      } catch {
        // Nothing was read, so nothing was checked: an error, and no file in the count.
        findings.append(Finding(.error, file: path, position: error.position, message: error.reason))
        continue
      }
      let questionFiles = files.filter { if case .notQuestions = $0.content { false } else { true } }
      passedOver += files.filter { if case .notQuestions = $0.content { true } else { false } }.map(\.path)
      fileCount += questionFiles.count
      if questionFiles.isEmpty {
        findings.append(Finding(.error, file: path, position: nil, message: "the folder has no question files"))
      }
      for file in questionFiles {
        if case .questions(let bank) = file.content {
          questionCount += bank.questions.count + bank.skipped.count
          skippedCount += bank.skipped.count
        }
      }
      findings += checker.check(files)
    }
  }

  public var errorCount: Int { findings.count { $0.severity == .error } }
  public var warningCount: Int { findings.count { $0.severity == .warning } }

  /// Every finding, then the summary; `strict` prints warnings as errors.
  public func lines(strict: Bool) -> [String] {
    findings.map { $0.formatted(as: strict ? .error : $0.severity) } + [summary(strict: strict)]
  }

  /// `Checked 1,536 questions in 1 file: no errors, 2 warnings.`, or with questions the game
  /// skips, `Checked 10 questions (3 skipped) in 1 file: 3 errors, no warnings.`
  public func summary(strict: Bool) -> String {
    func count(_ number: Int, _ noun: String) -> String {
      number == 0 ? "no \(noun)s" : NumberText.counted(number, noun)
    }
    var text = "Checked \(NumberText.counted(questionCount, "question"))"
    if skippedCount > 0 { text += " (\(NumberText.grouped(skippedCount)) skipped)" }
    text += " in \(NumberText.counted(fileCount, "file"))"
    if !passedOver.isEmpty {
      text += " (passed over, not question files: \(passedOver.map(Self.fileName).joined(separator: ", ")))"
    }
    text += ": \(count(errorCount, "error")), \(count(warningCount, "warning"))"
    if strict, warningCount > 0 { text += " (errors under --strict)" }
    return text + "."
  }

  /// 1 when something must be fixed: an error, or under `strict` a warning; else 0.
  public func exitStatus(strict: Bool) -> Int32 {
    errorCount > 0 || (strict && warningCount > 0) ? 1 : 0
  }

  static func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
