extension AikenFormat {
  /// The most options a question can have: Aiken letters them A to Z.
  public static let maximumOptions = 26

  /// Aiken for `questions`, to import into Moodle: the question's text on a line, its options
  /// `A.` to `Z.`, then `ANSWER:` and a blank line. Aiken keeps no category and no level, and
  /// has one line for a question: a line break in the text is written as a space. The right
  /// answer moves from one question to the next (A, then B…, within each question's options),
  /// so the file does not always answer A; the wrong ones keep their order, and `decode` reads
  /// back the same text, answers and kind. True/false is written `A. True` and `B. False`.
  /// Throws for a question with more than `maximumOptions` answers. Aiken has no escapes: a
  /// question whose text starts as an option does (`H. G. Wells wrote…`) reads back here as
  /// its text, but Moodle's own import takes that line for an option and refuses the question.
  public static func encode(_ questions: some Sequence<Question>) throws(DataSourceError) -> [UInt8] {
    var out = ""
    for (number, question) in questions.enumerated() {
      var options: [String]
      var right: Int
      switch question.kind {
      case .boolean:
        options = ["True", "False"]
        right = question.correctAnswer == "True" ? 0 : 1
      case .multiple:
        options = question.incorrectAnswers
        right = number % (options.count + 1)
        options.insert(question.correctAnswer, at: right)
      }
      guard options.count <= maximumOptions else {
        throw DataSourceError(
          "question \(number + 1) (\(question.text.prefix(40))…) has \(options.count) answers; "
            + "Aiken letters at most \(maximumOptions), A to Z")
      }
      out += oneLine(question.text) + "\n"
      for (index, option) in options.enumerated() {
        out += String(UnicodeScalar(UInt8(ascii: "A") + UInt8(index))) + ". " + oneLine(option) + "\n"
      }
      out += "ANSWER: " + String(UnicodeScalar(UInt8(ascii: "A") + UInt8(right))) + "\n\n"
    }
    return Array(out.utf8)
  }

  /// `text` on one line: each line break a space.
  static func oneLine(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
    return String(text.map { $0.isNewline ? " " : $0 })
  }
}
