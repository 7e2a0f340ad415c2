/// Reads the questions of the project's JSON that are written plainly straight from the
/// file's bytes into a `QuestionChunk`, without making a JSON value, strings or a `Question`
/// for them: the bundled bank is read when a round is first dealt, and a player waits for it.
///
/// Plainly means: an object of string fields and an array of strings, no escapes, text that
/// needs no trimming and is well-formed UTF-8, a level and a type written in lower case, and
/// answers that make a question (`QuestionFileFormat.validate`). Every other element, a
/// question to skip or one written otherwise, is left where it is for the general reader,
/// which says what is wrong with it; so what this reads is what that reader would have read.
struct PlainQuestionReader {
  /// The fields read, as places in the file's bytes.
  private var category: Range<Int>?
  private var difficulty: Range<Int>?
  private var type: Range<Int>?
  private var question: Range<Int>?
  private var correct: Range<Int>?
  private var incorrect: [Range<Int>] = []
  private var hasIncorrect = false
  /// The category of the last question, and its number in the chunk: questions come grouped
  /// by category, and a category's name is made once a run.
  private var lastCategory: (bytes: Range<Int>, number: Int32)?

  init() {
    incorrect.reserveCapacity(8)
  }

  /// Reads the element at the parser into `chunk` and returns true, or returns false with the
  /// parser and the chunk as they were.
  mutating func read(_ parser: inout JSONParser, into chunk: inout QuestionChunk) -> Bool {
    let saved = (parser.index, parser.line, parser.lineStart, parser.depth)
    if readFields(&parser), append(parser.bytes, to: &chunk) { return true }
    (parser.index, parser.line, parser.lineStart, parser.depth) = saved
    return false
  }

  private mutating func readFields(_ parser: inout JSONParser) -> Bool {
    (category, difficulty, type, question, correct, hasIncorrect) = (nil, nil, nil, nil, nil, false)
    incorrect.removeAll(keepingCapacity: true)
    guard parser.take("{") else { return false }
    parser.depth += 1
    parser.skipSpace()
    guard !parser.take("}") else { return false }
    repeat {
      parser.skipSpace()
      guard let key = Self.plainString(&parser) else { return false }
      parser.skipSpace()
      guard parser.take(":") else { return false }
      parser.skipSpace()
      switch Field(parser.bytes, key) {
      case .category: guard Self.once(&category, Self.plainString(&parser)) else { return false }
      case .difficulty: guard Self.once(&difficulty, Self.plainString(&parser)) else { return false }
      case .type: guard Self.once(&type, Self.plainString(&parser)) else { return false }
      case .question: guard Self.once(&question, Self.plainString(&parser)) else { return false }
      case .correctAnswer: guard Self.once(&correct, Self.plainString(&parser)) else { return false }
      case .incorrectAnswers: guard !hasIncorrect, readAnswers(&parser) else { return false }
      // A question's own time is rare (a spreadsheet's time column): the general reader checks it.
      case .seconds: return false
      case nil:
        // A field the game passes over (`check`, say): read as any value, and dropped.
        do { _ = try parser.value() } catch { return false }
      }
      parser.skipSpace()
    } while parser.take(",")
    guard parser.take("}") else { return false }
    parser.depth -= 1
    return true
  }

  private mutating func readAnswers(_ parser: inout JSONParser) -> Bool {
    hasIncorrect = true
    guard parser.take("[") else { return false }
    parser.skipSpace()
    guard !parser.take("]") else { return false }
    repeat {
      parser.skipSpace()
      guard let answer = Self.plainString(&parser) else { return false }
      incorrect.append(answer)
      parser.skipSpace()
    } while parser.take(",")
    return parser.take("]")
  }

  /// Sets `field` to `value` unless it was set already (the general reader takes the first
  /// of two) or there is no value.
  private static func once(_ field: inout Range<Int>?, _ value: Range<Int>?) -> Bool {
    guard field == nil, let value else { return false }
    field = value
    return true
  }

  /// A string without escapes or control characters at the parser, as the range of its text;
  /// nil, with the parser moved, otherwise.
  private static func plainString(_ parser: inout JSONParser) -> Range<Int>? {
    let bytes = parser.bytes
    guard parser.index < bytes.count, bytes[parser.index] == UInt8(ascii: "\"") else { return nil }
    let start = parser.index + 1
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        parser.index = index + 1
        return start..<index
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
      index += 1
    }
    return nil
  }

  /// Appends the question read, when it is one the general reader would read the same.
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, to chunk: inout QuestionChunk) -> Bool {
    guard let category, let type, let question, let correct, hasIncorrect,
      Self.isPlainText(bytes, category), Self.isPlainText(bytes, question), Self.isPlainText(bytes, correct),
      difficulty.map({ Self.isPlainText(bytes, $0) }) ?? true
    else { return false }
    for answer in incorrect where !Self.isPlainText(bytes, answer) { return false }
    let kind: Question.Kind
    switch Self.text(bytes, type) {
    case "multiple": kind = .multiple
    case "boolean": kind = .boolean
    default: return false
    }
    var level: Difficulty?
    if let difficulty {
      guard let known = Difficulty(rawValue: Self.text(bytes, difficulty)) else { return false }
      level = known
    }
    guard answersMakeAQuestion(bytes, kind: kind, correct: correct) else { return false }
    let number: Int32
    if let last = lastCategory, Self.equal(bytes, last.bytes, category) {
      number = last.number
    } else {
      number = chunk.categoryNumber(Self.text(bytes, category))
      lastCategory = (category, number)
    }
    chunk.startQuestion(category: number, difficulty: level, kind: kind)
    chunk.appendField(UnsafeBufferPointer(rebasing: bytes[question]))
    chunk.appendField(UnsafeBufferPointer(rebasing: bytes[correct]))
    for answer in incorrect { chunk.appendField(UnsafeBufferPointer(rebasing: bytes[answer])) }
    return true
  }

  /// `QuestionFileFormat.validate`, on bytes: True and False for a boolean, all answers
  /// different for the others.
  private func answersMakeAQuestion(_ bytes: UnsafeBufferPointer<UInt8>, kind: Question.Kind, correct: Range<Int>)
    -> Bool
  {
    switch kind {
    case .boolean:
      guard incorrect.count == 1 else { return false }
      let pair = (Self.text(bytes, correct), Self.text(bytes, incorrect[0]))
      return pair == ("True", "False") || pair == ("False", "True")
    case .multiple:
      // A few answers are compared pairwise; a long list goes to the general reader.
      guard incorrect.count < 8 else { return false }
      for (i, answer) in incorrect.enumerated() {
        if Self.equal(bytes, answer, correct) { return false }
        for other in incorrect[(i + 1)...] where Self.equal(bytes, answer, other) { return false }
      }
      return true
    }
  }

  /// Text the general reader would keep as it is: not empty, no space to trim at either end
  /// (a printable ASCII character at each), and well-formed UTF-8.
  private static func isPlainText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    guard let first = range.first, (0x21...0x7E).contains(bytes[first]),
      (0x21...0x7E).contains(bytes[range.upperBound - 1])
    else { return false }
    return UTF8Check.isValid(UnsafeBufferPointer(rebasing: bytes[range]))
  }

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Range<Int>, _ b: Range<Int>) -> Bool {
    a.count == b.count && bytes[a].elementsEqual(bytes[b])
  }

  /// The fields of a question, by the name of their member.
  private enum Field {
    case category, difficulty, type, question, correctAnswer, incorrectAnswers, seconds

    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) {
      switch String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self) {
      case "category": self = .category
      case "difficulty": self = .difficulty
      case "type": self = .type
      case "question": self = .question
      case "correct_answer": self = .correctAnswer
      case "incorrect_answers": self = .incorrectAnswers
      case "seconds": self = .seconds
      default: return nil
      }
    }
  }
}
