/// The project's question file: `{"schema": "trivia-questions/1", "questions": [...]}`,
/// each question with `category`, `difficulty` (easy|medium|hard), `type` (multiple|boolean),
/// `question`, `correct_answer` and `incorrect_answers`. See Data/README.md.
public enum QuestionFileFormat {
  public static let schema = "trivia-questions/1"

  /// Reads a whole file. A question with a bad field is skipped and reported; a file that
  /// is not JSON, or has no question array, throws.
  public static func decode(_ bytes: [UInt8], name: String) throws(DataSourceError) -> QuestionBank {
    try bytes.withUnsafeBufferPointer { bytes throws(DataSourceError) in try decode(bytes, name: name) }
  }

  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(DataSourceError) -> QuestionBank {
    // The questions are read as the parser reaches them, and not kept as JSON values.
    var bank = QuestionBank(questions: [])
    var count = 0
    let document = try JSON.parse(bytes, name: name, streaming: "questions") { item, offset, line in
      count += 1
      do throws(DataSourceError) {
        bank.questions.append(try question(from: item))
      } catch {
        bank.skipped.append(.init(location: "\(name):\(line)", reason: "question \(offset + 1): \(error.message)"))
      }
    }
    guard case .object(let root) = document else {
      throw DataSourceError(
        "\(name), line 1: expected an object with a \"questions\" array, found \(document.typeName)")
    }
    if let schema = root["schema"], schema != .string(Self.schema) {
      throw DataSourceError("\(name), line \(root.line): field \"schema\" must be \"\(Self.schema)\"")
    }
    guard let list = root["questions"] else {
      throw DataSourceError("\(name), line \(root.line): missing the \"questions\" array")
    }
    guard case .array = list else {
      throw DataSourceError("\(name), line \(root.line): \"questions\" must be an array, found \(list.typeName)")
    }
    if count == 0 {
      throw DataSourceError("\(name), line \(root.line): the \"questions\" array is empty")
    }
    try bank.requireQuestions(from: name)
    return bank
  }

  static func question(from item: JSON) throws(DataSourceError) -> Question {
    guard case .object(let object) = item else {
      throw DataSourceError("expected an object, found \(item.typeName)")
    }
    let category = try text(object, "category")
    let difficultyName = try text(object, "difficulty")
    guard let difficulty = Difficulty(rawValue: difficultyName.lowercased()) else {
      throw DataSourceError("\"difficulty\" must be easy, medium or hard, not \"\(difficultyName)\"")
    }
    let typeName = try text(object, "type")
    guard let kind = Question.Kind(rawValue: typeName.lowercased()) else {
      throw DataSourceError("\"type\" must be multiple or boolean, not \"\(typeName)\"")
    }
    let question = Question(
      category: category, difficulty: difficulty, kind: kind, text: try text(object, "question"),
      correctAnswer: try text(object, "correct_answer"),
      incorrectAnswers: try texts(object, "incorrect_answers"))
    try validate(question)
    return question
  }

  /// Checks the answers make sense for the kind of question.
  public static func validate(_ question: Question) throws(DataSourceError) {
    let answers = [question.correctAnswer] + question.incorrectAnswers
    switch question.kind {
    case .boolean:
      guard Set(answers) == ["True", "False"], answers.count == 2 else {
        throw DataSourceError("a boolean question needs the answers True and False, one of them correct")
      }
    case .multiple:
      guard !question.incorrectAnswers.isEmpty else {
        throw DataSourceError("\"incorrect_answers\" must not be empty")
      }
      // Pairwise for the usual handful of answers; a set for a hostile list of thousands.
      let repeated =
        answers.count <= 8
        ? answers.indices.contains { i in answers[(i + 1)...].contains(answers[i]) }
        : Set(answers).count != answers.count
      guard !repeated else {
        throw DataSourceError("the answers must all be different")
      }
    }
  }

  static func text(_ object: JSON.Object, _ field: String) throws(DataSourceError) -> String {
    guard let value = object[field] else { throw DataSourceError("missing field \"\(field)\"") }
    guard case .string(let string) = value else {
      throw DataSourceError("\"\(field)\" must be a string, found \(value.typeName)")
    }
    let trimmed = string.trimmedSpaces
    guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\" is empty") }
    return trimmed
  }

  static func texts(_ object: JSON.Object, _ field: String) throws(DataSourceError) -> [String] {
    guard let value = object[field] else { throw DataSourceError("missing field \"\(field)\"") }
    guard case .array(let items, _) = value else {
      throw DataSourceError("\"\(field)\" must be an array of strings, found \(value.typeName)")
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let string) = item else {
        throw DataSourceError("\"\(field)\"[\(index)] must be a non-empty string, found \(item.typeName)")
      }
      let trimmed = string.trimmedSpaces
      guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\"[\(index)] is empty") }
      result.append(trimmed)
    }
    return result
  }
}

extension String {
  /// Without spaces, tabs and line ends at either end.
  var trimmedSpaces: String {
    // Most text starts and ends with a visible ASCII character: nothing to trim, no copy.
    if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
      return self
    }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
