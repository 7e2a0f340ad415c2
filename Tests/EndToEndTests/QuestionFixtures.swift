import Foundation

/// Question files in the project's format (`Data/questions.json`), written by the tests.
enum QuestionFixtures {
  /// One question as a JSON object; pass `nil` to leave a field out.
  static func question(
    _ text: String, category: String? = "Fixtures", difficulty: String? = "easy", type: String? = "multiple",
    correct: String? = "Right", incorrect: [String]? = ["Wrong", "Way off", "Not even close"]
  ) -> String {
    var fields: [(String, String)] = []
    if let category { fields.append(("category", quoted(category))) }
    if let difficulty { fields.append(("difficulty", quoted(difficulty))) }
    if let type { fields.append(("type", quoted(type))) }
    fields.append(("question", quoted(text)))
    if let correct { fields.append(("correct_answer", quoted(correct))) }
    if let incorrect { fields.append(("incorrect_answers", "[" + incorrect.map(quoted).joined(separator: ", ") + "]")) }
    return "{" + fields.map { "\(quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
  }

  /// A whole file, one question per line: question `n` is on line `n + 1`.
  static func file(_ questions: [String]) -> String {
    "{\"schema\": \"trivia-questions/1\", \"questions\": [\n" + questions.joined(separator: ",\n") + "\n]}\n"
  }

  /// `count` easy questions whose right answer is always `Right`.
  static func easy(_ count: Int) -> String {
    file((1...count).map { question("Fixture question \($0)?") })
  }

  static func quoted(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
  }
}
