import Foundation

/// A fresh folder under the system's temporary folder, for fixtures a test writes itself.
struct TemporaryFolder: ~Copyable {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.path + "/trivia-tools-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes `text` to `name` in the folder and returns the file's path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }
}

/// The OpenTriviaQA files beside the repository (`../shared/data/opentriviaqa`).
enum SharedData {
  static let openTriviaQA: String = {
    var url = URL(fileURLWithPath: #filePath)
    // Tests/TriviaToolsTests/TemporaryFolder.swift -> the folder that holds the repository.
    for _ in 0..<4 { url.deleteLastPathComponent() }
    return url.appendingPathComponent("shared/data/opentriviaqa").path
  }()

  static var exists: Bool { FileManager.default.fileExists(atPath: openTriviaQA + "/README.md") }
}

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
