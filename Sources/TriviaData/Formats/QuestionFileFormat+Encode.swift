extension QuestionFileFormat {
  /// The project's JSON for `questions`, laid out as Data/questions.json is: one question a
  /// line, so a bank is read, edited and compared (`diff`, `git`) question by question. A
  /// question without a level is written without `difficulty`. What this writes, `decode`
  /// reads back as the same questions.
  public static func encode(_ questions: some Sequence<Question>) -> [UInt8] {
    let quoted = JSONString.quoted
    var out = "{\n  \"schema\": \"\(schema)\",\n  \"questions\": [\n"
    var first = true
    for question in questions {
      if !first { out += ",\n" }
      first = false
      out += "    {\"category\": \(quoted(question.category)), "
      if let difficulty = question.difficulty { out += "\"difficulty\": \(quoted(difficulty.rawValue)), " }
      out += "\"type\": \(quoted(question.kind.rawValue)), \"question\": \(quoted(question.text)), "
      out += "\"correct_answer\": \(quoted(question.correctAnswer)), \"incorrect_answers\": ["
      out += question.incorrectAnswers.map(quoted).joined(separator: ", ") + "]"
      if let seconds = question.seconds { out += ", \"seconds\": \(seconds)" }
      out += "}"
    }
    out += "\n  ]\n}\n"
    return Array(out.utf8)
  }
}
