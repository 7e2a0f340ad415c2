/// A question of the project's JSON, one line, with fields to vary.
func questionLine(
  category: String = "Science", difficulty: String? = "easy", type: String = "multiple",
  question: String = "What is the chemical symbol for gold?", correct: String = "Au",
  incorrect: [String] = ["Ag", "Gd", "Go"]
) -> String {
  func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
  let level = difficulty.map { "\"difficulty\": \(quoted($0)), " } ?? ""
  return "{\"category\": \(quoted(category)), \(level)\"type\": \(quoted(type)), \"question\": \(quoted(question)), "
    + "\"correct_answer\": \(quoted(correct)), \"incorrect_answers\": [\(incorrect.map(quoted).joined(separator: ", "))]}"
}

/// A file of the project's JSON, one question a line from line 3: question N is on line N + 2.
func questionFile(_ lines: [String]) -> String {
  "{\n  \"schema\": \"trivia-questions/1\", \"questions\": [\n"
    + lines.map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n"
}
