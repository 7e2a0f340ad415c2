extension GIFTFormat {
  /// GIFT for `questions`, to import into Moodle or to edit by hand, which `decode` reads
  /// back as the same questions: a `$CATEGORY:` line where the category changes (under
  /// `$course$/top/`, where Moodle's own export puts a course's), a `// difficulty: easy`
  /// comment before a question with a level and `// seconds: 20` before one with its own time
  /// (Moodle passes comments over; `decode` reads them back), `{T}` or `{F}` for true/false, and `{=right ~wrong …}` for the others. No titles:
  /// Moodle names a question by its text. Text is escaped (`\~ \= \# \{ \} \: \\`, `\n` for a
  /// line break), and written `[plain]` first where it would otherwise start like markup or a
  /// comment.
  public static func encode(_ questions: some Sequence<Question>) -> [UInt8] {
    var out = "// Written by trivia convert: Moodle GIFT, one question a paragraph.\n"
    var category: String?
    for question in questions {
      if question.category != category {
        category = question.category
        // `//` is a `/` within a name: one that starts with `/` is written after a space,
        // which `decode` trims ("top/ //name"), since "top///name" reads as "top/" and "name".
        let name = question.category.replacing("/", with: "//")
        out += "\n$CATEGORY: $course$/top/" + (name.hasPrefix("/") ? " " : "") + name + "\n"
      }
      out += "\n"
      if let level = question.difficulty { out += "// difficulty: \(level.rawValue)\n" }
      if let seconds = question.seconds { out += "// seconds: \(seconds)\n" }
      out += escaped(question.text, isAnswer: false) + " {"
      switch question.kind {
      case .boolean:
        out += question.correctAnswer == "True" ? "T" : "F"
      case .multiple:
        out += "=" + escaped(question.correctAnswer, isAnswer: true)
        for wrong in question.incorrectAnswers { out += " ~" + escaped(wrong, isAnswer: true) }
      }
      out += "}\n"
    }
    return Array(out.utf8)
  }

  /// `text` as GIFT writes it: its special characters escaped, and `[plain]` before text that
  /// `decode` would otherwise read as a format (`[`), a comment (`//`) or a weight (`%`).
  static func escaped(_ text: String, isAnswer: Bool) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    if text.hasPrefix("[") || text.hasPrefix("//") || (isAnswer && text.hasPrefix("%")) { out += "[plain]" }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "~", "=", "#", "{", "}", ":":
        out.unicodeScalars.append("\\")
        out.unicodeScalars.append(scalar)
      case "\n": out += "\\n"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
