import ScreenKit
import TriviaData

/// What `trivia check` looks for in one bank: the files a source reads together (a file, or
/// a folder's files), read by the game's own loaders with where each question is.
///
/// Errors are what the game refuses: a file it cannot load, a question it skips. Warnings
/// are what it plays but a player would notice: the same question twice, an answer given
/// away or listed twice, a question without a level, true/false statements that mostly go
/// one way, lines that wrap badly on an 80-column terminal, bytes that are not UTF-8 and
/// control characters (which the screens show as `�`). Text is compared as the game
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

  /// Everything found in `files`, in file order, then by place in each file.
  public func check(_ files: [SourceFile]) -> [Finding] {
    var found = Found()
    var firstSeen: [String: Place] = [:]
    var statements = StatementTally()
    for (order, file) in files.enumerated() {
      found.file = (order, file.path)
      for (position, message) in textFaults(file) { found.add(.warning, position, message) }
      let controlLines = Set(
        file.textFaults.compactMap { fault -> Int? in
          guard case .control = fault.kind else { return nil }
          return fault.position.line
        })
      switch file.content {
      case .notQuestions: continue
      case .refused(let error): found.add(.error, error.position, error.reason)
      case .questions(let bank):
        for skipped in bank.skipped {
          found.add(.error, skipped.position, Self.skipMessage(skipped.reason))
          for fault in skipped.otherFaults { found.add(.error, fault.position, Self.skipMessage(fault.reason)) }
        }
        for warning in bank.warnings { found.add(.warning, warning.position, warning.reason) }
        // A level the reader could not read is told there already, by what it said.
        let told = Set(bank.warnings.map(\.position))
        let ungraded = bank.questions.countsByDifficulty[nil] ?? 0
        let noneGraded = ungraded == bank.questions.count
        if noneGraded, let first = bank.locations.first {
          found.add(
            .warning, first.start,
            "no question in this file has a level (easy, medium or hard): all \(NumberText.grouped(ungraded)) "
              + "play only under Mixed")
        }
        for (index, question) in bank.questions.enumerated() {
          let location =
            index < bank.locations.count ? bank.locations[index] : QuestionLocation(start: SourcePosition(line: 1))
          if question.difficulty == nil, !noneGraded, !told.contains(location.position(of: .difficulty)) {
            found.add(
              .warning, location.position(of: .difficulty), "no level (easy, medium or hard): it plays only under Mixed"
            )
          }
          let here = Place(file: file.path, position: location.position(of: .question))
          if let first = firstSeen[question.text.matchingKey] {
            found.add(.warning, here.position, "the same question as at \(Self.name(first, from: file.path))")
          } else {
            firstSeen[question.text.matchingKey] = here
          }
          for (field, message) in escapedControls(question, at: location, told: controlLines) {
            found.add(.warning, location.position(of: field), message)
          }
          for (field, message) in answerProblems(question) {
            found.add(.warning, location.position(of: field), message)
          }
          for problem in fit.problems(question) {
            found.add(.warning, location.position(of: problem.field), problem.message)
          }
          statements.count(question, at: Place(file: file.path, position: location.start), order: order)
        }
      }
    }
    for (order, place, message) in statements.leanings() {
      found.file = (order, place.file)
      found.add(.warning, place.position, message)
    }
    return found.sorted
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

  /// The findings so far, with the order of the file each is in, so that they print file by
  /// file and, in each, by place.
  struct Found {
    var file: (order: Int, path: String) = (0, "")
    private var findings: [(order: Int, finding: Finding)] = []

    mutating func add(_ severity: Finding.Severity, _ position: SourcePosition?, _ message: String) {
      findings.append((file.order, Finding(severity, file: file.path, position: position, message: message)))
    }

    var sorted: [Finding] {
      findings.enumerated().sorted { a, b in
        let (x, y) = (a.element, b.element)
        if x.order != y.order { return x.order < y.order }
        let (p, q) = (x.finding.position ?? SourcePosition(line: 0), y.finding.position ?? SourcePosition(line: 0))
        return p != q ? p < q : a.offset < b.offset
      }.map(\.element.finding)
    }
  }
}
