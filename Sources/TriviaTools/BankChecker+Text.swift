import TriviaData

extension BankChecker {
  /// The most text faults told for one file: a file in another encoding has one on most of
  /// its lines, and the first few say what is wrong.
  static let textFaultsTold = 50

  /// Bytes that are not UTF-8 and control characters written as they are, at their line and
  /// column. A refused file's control characters below U+0020 are left out: its loader's own
  /// error names the first already.
  func textFaults(_ file: SourceFile) -> [(SourcePosition, String)] {
    var refused = false
    if case .refused = file.content { refused = true }
    let faults = file.textFaults.filter { fault in
      guard refused, case .control(let scalar) = fault.kind else { return true }
      return scalar.value >= 0x20
    }
    var told = faults.prefix(Self.textFaultsTold).map { ($0.position, Self.message($0.kind, format: file.format)) }
    if faults.count > Self.textFaultsTold {
      let next = faults[Self.textFaultsTold]
      told.append(
        (next.position, "and \(faults.count - Self.textFaultsTold) more bytes not UTF-8 or control characters"))
    }
    return told
  }

  /// A control character that an escape (`\u001b` in JSON) put in a question's text, which
  /// the file's bytes do not show: at the field, unless `told` has the line already.
  func escapedControls(_ question: Question, at location: QuestionLocation, told: Set<Int>) -> [(
    QuestionLocation.Field, String
  )] {
    let fields: [(QuestionLocation.Field, String, [String])] = [
      (.category, "category", [question.category]), (.question, "question", [question.text]),
      (.correctAnswer, "right answer", [question.correctAnswer]),
      (.incorrectAnswers, "wrong answers", question.incorrectAnswers),
    ]
    return fields.compactMap { field, name, texts in
      guard !told.contains(location.position(of: field).line),
        let scalar = texts.lazy.compactMap({ $0.unicodeScalars.first(where: TextFault.isControl) }).first
      else { return nil }
      return (
        field, "the \(name) holds \(Self.name(scalar)), written as an escape: the game shows \u{FFFD} in its place"
      )
    }
  }

  static func message(_ kind: TextFault.Kind, format: QuestionFormat?) -> String {
    switch kind {
    case .notUTF8(let byte):
      let hex = String(byte, radix: 16, uppercase: true)
      let reading =
        switch format {
        case .openTriviaQA: "the game reads the text around it as Windows-1252"
        // GIFT, Aiken and CSV: the whole file, as a teacher's old Windows editor, or Excel's
        // plain "CSV" on a Western Windows, saved it.
        case .gift, .aiken, .csv: "the game reads the whole file as Windows-1252"
        default: "the game shows \u{FFFD} in its place"
        }
      return "byte 0x\(hex) is not UTF-8: " + reading
    case .control(let scalar):
      return "\(name(scalar)): the game shows \u{FFFD} in its place"
    }
  }

  /// `the control character U+001B (ESC, which begins escape sequences)`.
  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    switch scalar.value {
    case 0x1B: return "the control character \(code) (ESC, which begins escape sequences)"
    case 0x9B: return "the control character \(code) (CSI, which begins escape sequences)"
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
      return "the bidirectional control \(code), which reorders the text around it"
    default: return "the control character \(code)"
    }
  }
}
