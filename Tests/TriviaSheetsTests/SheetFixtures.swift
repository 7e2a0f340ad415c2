import Foundation
import TriviaData

/// The spreadsheets in Fixtures/, made by make-fixtures.py as their users make them.
enum SheetFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    .path

  static func path(_ name: String) -> String { folder + "/" + name }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path(name))))
  }

  /// The questions the game reads from the fixture `name`, named as the file is.
  static func bank(_ name: String, locating: Bool = false) throws -> QuestionBank {
    try bytes(name).withUnsafeBufferPointer { try QuestionFormat.decode($0, name: name, locating: locating) }
  }

  static func question(
    _ text: String, _ correct: String, _ wrong: [String], category: String, difficulty: Difficulty? = nil,
    seconds: Int? = nil
  ) -> Question {
    let isBoolean = Set([correct] + wrong) == ["True", "False"]
    return Question(
      category: category, difficulty: difficulty, kind: isBoolean ? .boolean : .multiple, text: text,
      correctAnswer: correct, incorrectAnswers: wrong, seconds: seconds)
  }
}
