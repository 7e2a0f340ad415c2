import ScreenKit
import TriviaData

/// What `trivia check` looks for in one bank: the files a source reads together (a file, or
/// a folder's files), read by the game's own loaders with where each question is.
///
/// Errors are what the game refuses: a file it cannot load, a question it skips. Warnings
/// are what it plays but a player would notice: the same question twice, an answer given
/// away or listed twice, a question without a level, true/false statements that mostly go
/// one way, lines that wrap badly on an 80-column terminal. Text is compared as the game
/// compares what a player types (`matchingKey`: case, accents and runs of spaces aside), so
/// two options that differ only so are two that a player cannot tell apart by typing.
public struct BankChecker: Sendable {
  public var fit: ScreenFit

  public init(fit: ScreenFit = ScreenFit()) {
    self.fit = fit
  }

  /// Where a question was first seen, to name it when it comes again.
  struct Place {
    var file: String
    var position: SourcePosition
  }

  /// The true/false statements of a category, counted as the bank goes.
  struct Balance {
    var first: Place
    var trueCount = 0
    var falseCount = 0
  }

  /// Everything found in `files`, in file order, then by place in each file.
  public func check(_ files: [SourceFile]) -> [Finding] {
    var findings: [(order: Int, finding: Finding)] = []
    var firstSeen: [String: Place] = [:]
    var balances: [(category: String, balance: Balance)] = []
    var balanceIndex: [String: Int] = [:]
    for (order, file) in files.enumerated() {
      func add(_ severity: Finding.Severity, _ position: SourcePosition?, _ message: String) {
        findings.append((order, Finding(severity, file: file.path, position: position, message: message)))
      }
      switch file.content {
      case .notQuestions: continue
      case .refused(let error): add(.error, error.position, error.reason)
      case .questions(let bank):
        for skipped in bank.skipped { add(.error, skipped.position, Self.skipMessage(skipped.reason)) }
        let ungraded = bank.questions.countsByDifficulty[nil] ?? 0
        if ungraded == bank.questions.count, let first = bank.locations.first {
          add(
            .warning, first.start,
            "no question in this file has a level (easy, medium or hard): all \(LoadSummary.grouped(ungraded)) play only under Mixed"
          )
        }
        for (index, question) in bank.questions.enumerated() {
          let location =
            index < bank.locations.count ? bank.locations[index] : QuestionLocation(start: SourcePosition(line: 1))
          if question.difficulty == nil, ungraded < bank.questions.count {
            add(
              .warning, location.position(of: .difficulty), "no level (easy, medium or hard): it plays only under Mixed"
            )
          }
          let key = question.text.matchingKey
          if let first = firstSeen[key] {
            add(
              .warning, location.position(of: .question), "the same question as at \(Self.name(first, from: file.path))"
            )
          } else {
            firstSeen[key] = Place(file: file.path, position: location.position(of: .question))
          }
          for (field, message) in answerProblems(question) { add(.warning, location.position(of: field), message) }
          for problem in fit.problems(question) { add(.warning, location.position(of: problem.field), problem.message) }
          if question.kind == .boolean {
            let index =
              balanceIndex[question.category]
              ?? {
                balances.append(
                  (question.category, Balance(first: Place(file: file.path, position: location.start))))
                balanceIndex[question.category] = balances.count - 1
                return balances.count - 1
              }()
            if question.correctAnswer == "True" {
              balances[index].balance.trueCount += 1
            } else {
              balances[index].balance.falseCount += 1
            }
          }
        }
      }
    }
    let order = Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    for (category, balance) in balances {
      guard let message = Self.leaning(category, balance) else { continue }
      findings.append(
        (
          order[balance.first.file] ?? 0,
          Finding(.warning, file: balance.first.file, position: balance.first.position, message: message)
        ))
    }
    return findings.enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.order != y.order { return x.order < y.order }
      let (p, q) = (x.finding.position ?? SourcePosition(line: 0), y.finding.position ?? SourcePosition(line: 0))
      return p != q ? p < q : a.offset < b.offset
    }.map(\.element.finding)
  }

  /// `question 3: missing field "category"` as `the game skips question 3: missing field …`.
  static func skipMessage(_ reason: String) -> String {
    if reason.hasPrefix("question "), let colon = reason.firstIndex(of: ":"),
      Int(reason["question ".endIndex..<colon]) != nil
    {
      return "the game skips " + reason
    }
    return "the game skips this question: " + reason
  }

  /// `line 12`, or `other.json:12:5` for a place in another file.
  static func name(_ place: Place, from file: String) -> String {
    guard place.file != file else { return place.position.description }
    return "\(place.file):\(place.position.line)" + (place.position.column.map { ":\($0)" } ?? "")
  }

  /// A category whose statements mostly go one way: always answering the same would pay.
  /// One more of a kind is unavoidable with an odd count, and a 60/40 split is close enough
  /// to even; past that, and two apart, a player can guess.
  static func leaning(_ category: String, _ balance: Balance) -> String? {
    let (trueCount, falseCount) = (balance.trueCount, balance.falseCount)
    let total = trueCount + falseCount
    let more = max(trueCount, falseCount)
    guard more - min(trueCount, falseCount) >= 2, more * 5 > total * 3 else { return nil }
    let word = trueCount > falseCount ? "True" : "False"
    return "the true/false statements of \(category) lean one way, \(trueCount) True and \(falseCount) False: "
      + "always answering \(word) scores \(more * 100 / total)%"
  }
}
