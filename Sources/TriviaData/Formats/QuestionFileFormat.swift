/// The project's question file: `{"schema": "trivia-questions/1", "questions": [...]}`,
/// each question with `category`, `difficulty` (easy|medium|hard; left out, the question has
/// no level and plays under Mixed), `type` (multiple|boolean), `question`, `correct_answer`
/// and `incorrect_answers`. Other members (`$schema`, say) are passed over. See Data/README.md
/// and Data/questions.schema.json.
public enum QuestionFileFormat: QuestionDecoding {
  public static let schema = "trivia-questions/1"

  /// A question with a bad field is skipped and reported; a file that is not JSON, or has no
  /// question array, throws.
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    // The questions are read as the parser reaches them, and not kept as JSON values; most
    // are read without making any (PlainQuestionReader), unless the reader keeps locations.
    var bank = QuestionBank(questions: [])
    var chunk = QuestionChunk()
    // The text of the questions is shorter than the file: room that is not used is address
    // space, never touched.
    chunk.reserve(questions: bytes.count / 128, byteCount: bytes.count)
    var count = 0
    var reader = PlainQuestionReader()
    let plain: ((inout JSONParser) -> Bool)? =
      locating
      ? nil
      : { parser in
        guard reader.read(&parser, into: &chunk) else { return false }
        count += 1
        return true
      }
    let document = try JSON.parse(bytes, name: name, streaming: "questions", locating: locating, plain: plain) {
      item, offset, start in
      count += 1
      do throws(DataSourceError) {
        chunk.append(try question(from: item))
        if locating, case .object(let object) = item { bank.locations.append(location(of: object, at: start)) }
      } catch {
        var skipped = QuestionBank.Skipped(
          location: "\(name):\(start.line)", reason: "question \(offset + 1): \(error.message)",
          position: locating ? error.position ?? start : nil)
        if locating {
          skipped.otherFaults = faults(of: item).dropFirst().map {
            .init(reason: "question \(offset + 1): \($0.message)", position: $0.position ?? start)
          }
        }
        bank.skipped.append(skipped)
      }
    }
    bank.questions.append(chunk)
    guard case .object(let root) = document else {
      throw DataSourceError(
        file: name, position: SourcePosition(line: 1),
        reason: "expected an object with a \"questions\" array, found \(document.typeName)")
    }
    let rootPosition = root.start ?? SourcePosition(line: root.line)
    if let schema = root["schema"], schema != .string(Self.schema) {
      throw DataSourceError(
        file: name, position: root.position(of: "schema") ?? rootPosition,
        reason: "field \"schema\" must be \"\(Self.schema)\"")
    }
    guard let list = root["questions"] else {
      throw DataSourceError(file: name, position: rootPosition, reason: "missing the \"questions\" array")
    }
    let listPosition = root.position(of: "questions") ?? rootPosition
    guard case .array = list else {
      throw DataSourceError(
        file: name, position: listPosition, reason: "\"questions\" must be an array, found \(list.typeName)")
    }
    if count == 0 {
      throw DataSourceError(file: name, position: listPosition, reason: "the \"questions\" array is empty")
    }
    try bank.requireQuestions(from: name)
    return bank
  }

  /// The JSON members a question is read from, by the field each holds.
  static let fieldNames: [(QuestionLocation.Field, String)] = [
    (.category, "category"), (.difficulty, "difficulty"), (.type, "type"), (.question, "question"),
    (.correctAnswer, "correct_answer"), (.incorrectAnswers, "incorrect_answers"),
  ]

  /// Where a located question object and its members are.
  static func location(of object: JSON.Object, at start: SourcePosition) -> QuestionLocation {
    var location = QuestionLocation(start: object.start ?? start)
    for (field, name) in fieldNames {
      if let position = object.position(of: name) { location.fields[field] = position }
    }
    return location
  }

  static func question(from item: JSON) throws(DataSourceError) -> Question {
    guard case .object(let object) = item else {
      throw DataSourceError("expected an object, found \(item.typeName)")
    }
    let category = try text(object, "category")
    let difficulty = try level(object)
    let kind = try kind(object)
    let question = Question(
      category: category, difficulty: difficulty, kind: kind, text: try text(object, "question"),
      correctAnswer: try text(object, "correct_answer"),
      incorrectAnswers: try texts(object, "incorrect_answers"), seconds: try seconds(object))
    do {
      try validate(question)
    } catch {
      throw error.at(object.position(of: kind == .boolean ? "correct_answer" : "incorrect_answers"))
    }
    return question
  }

  /// Every fault of a question `question(from:)` refuses, the one it throws first, for a
  /// tool that names them all: each field is read on its own, and the answers are weighed
  /// when every field could be read.
  static func faults(of item: JSON) -> [DataSourceError] {
    guard case .object(let object) = item else {
      return [DataSourceError("expected an object, found \(item.typeName)")]
    }
    var faults: [DataSourceError] = []
    func read<Value>(_ field: () throws(DataSourceError) -> Value) -> Value? {
      do throws(DataSourceError) { return try field() } catch {
        faults.append(error)
        return nil
      }
    }
    let category = read { () throws(DataSourceError) in try Self.text(object, "category") }
    let difficulty = read { () throws(DataSourceError) in try level(object) }
    let kind = read { () throws(DataSourceError) in try Self.kind(object) }
    let wording = read { () throws(DataSourceError) in try Self.text(object, "question") }
    let correct = read { () throws(DataSourceError) in try Self.text(object, "correct_answer") }
    let incorrect = read { () throws(DataSourceError) in try texts(object, "incorrect_answers") }
    let time = read { () throws(DataSourceError) in try seconds(object) }
    if let category, let difficulty, let kind, let wording, let correct, let incorrect, let time {
      let question = Question(
        category: category, difficulty: difficulty, kind: kind, text: wording, correctAnswer: correct,
        incorrectAnswers: incorrect, seconds: time)
      do throws(DataSourceError) { try validate(question) } catch {
        faults.append(error.at(object.position(of: kind == .boolean ? "correct_answer" : "incorrect_answers")))
      }
    }
    return faults
  }

  /// The question's level; nil when it has none. A question without a level plays under
  /// Mixed, as OpenTriviaQA's do: `trivia convert` writes such files from sources that have
  /// no levels.
  static func level(_ object: JSON.Object) throws(DataSourceError) -> Difficulty? {
    guard object["difficulty"] != nil else { return nil }
    let difficultyName = try text(object, "difficulty")
    guard let level = Difficulty(rawValue: difficultyName.lowercased()) else {
      throw DataSourceError("\"difficulty\" must be easy, medium or hard, not \"\(difficultyName)\"")
        .at(object.position(of: "difficulty"))
    }
    return level
  }

  /// The question's own time (`"seconds"`, a whole number in `Question.secondsRange`); nil
  /// when it has none.
  static func seconds(_ object: JSON.Object) throws(DataSourceError) -> Int? {
    guard let value = object["seconds"] else { return nil }
    let range = Question.secondsRange
    guard case .number(let number) = value, let seconds = Int(exactly: number), range.contains(seconds) else {
      throw DataSourceError("\"seconds\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        .at(object.position(of: "seconds"))
    }
    return seconds
  }

  static func kind(_ object: JSON.Object) throws(DataSourceError) -> Question.Kind {
    let typeName = try text(object, "type")
    guard let kind = Question.Kind(rawValue: typeName.lowercased()) else {
      throw DataSourceError("\"type\" must be multiple or boolean, not \"\(typeName)\"").at(object.position(of: "type"))
    }
    return kind
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
    let position = object.position(of: field)
    guard case .string(let string) = value else {
      throw DataSourceError("\"\(field)\" must be a string, found \(value.typeName)").at(position)
    }
    let trimmed = string.trimmedSpaces
    guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\" is empty").at(position) }
    return trimmed
  }

  static func texts(_ object: JSON.Object, _ field: String) throws(DataSourceError) -> [String] {
    guard let value = object[field] else { throw DataSourceError("missing field \"\(field)\"") }
    let position = object.position(of: field)
    guard case .array(let items, _) = value else {
      throw DataSourceError("\"\(field)\" must be an array of strings, found \(value.typeName)").at(position)
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let string) = item else {
        throw DataSourceError("\"\(field)\"[\(index)] must be a non-empty string, found \(item.typeName)").at(
          position)
      }
      let trimmed = string.trimmedSpaces
      guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\"[\(index)] is empty").at(position) }
      result.append(trimmed)
    }
    return result
  }
}

extension DataSourceError {
  /// This error, about the place given (where the reader located one); the message is kept.
  func at(_ position: SourcePosition?) -> DataSourceError {
    var error = self
    error.position = position ?? error.position
    return error
  }
}

extension String {
  /// Without spaces, tabs and line ends at either end.
  var trimmedSpaces: String {
    // Most text starts and ends with a visible ASCII character: nothing to trim, no copy.
    let visibleEnds = utf8.withContiguousStorageIfAvailable { bytes in
      guard let first = bytes.first, let last = bytes.last else { return false }
      return (0x21..<0x80).contains(first) && (0x21..<0x80).contains(last)
    }
    if visibleEnds == true { return self }
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
