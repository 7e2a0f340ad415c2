/// Questions stored as one buffer of text and one small record each: the storage of a
/// `QuestionList`.
///
/// Each field (text, correct answer, wrong answers) is its UTF-8 length as a LEB128
/// number, then its bytes; a question's fields run to where the next question's start.
/// Lengths inline cost a byte or two a field where a table of offsets would cost eight,
/// and memory touched is what a load of 50,000 questions pays for.
struct QuestionChunk: Sendable {
  private var bytes: [UInt8] = []
  private var records: [Record] = []
  /// Category names, each once; records refer to them by number.
  private var categoryNames: [String] = []
  private var categoryIndex: [String: Int32] = [:]
  /// Set on a chunk taken from another list, which keeps using it: new questions go to a
  /// new chunk rather than copy this one.
  var isShared = false

  private struct Record: Sendable {
    /// Where the question's first field starts in `bytes`.
    var start: Int
    var category: Int32
    var difficulty: Difficulty?
    var kind: Question.Kind
    /// The question's own time in seconds, 0 for none: a byte, which the record's padding
    /// has room for.
    var seconds: UInt8
  }

  var count: Int { records.count }
  var isEmpty: Bool { records.isEmpty }

  func question(at index: Int) -> Question {
    let record = records[index]
    let end = index + 1 < records.count ? records[index + 1].start : bytes.count
    return bytes.withUnsafeBufferPointer { buffer in
      var position = record.start
      func field() -> String {
        let length = Self.readLength(buffer, at: &position)
        defer { position += length }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[position..<position + length]), as: UTF8.self)
      }
      let text = field()
      let correct = field()
      var wrong: [String] = []
      while position < end { wrong.append(field()) }
      return Question(
        category: categoryNames[Int(record.category)], difficulty: record.difficulty, kind: record.kind, text: text,
        correctAnswer: correct, incorrectAnswers: wrong, seconds: record.seconds == 0 ? nil : Int(record.seconds))
    }
  }

  func difficulty(at index: Int) -> Difficulty? { records[index].difficulty }

  func category(at index: Int) -> String { categoryNames[Int(records[index].category)] }

  /// Made from the text's and the right answer's bytes where they lie, when asked: a deal
  /// asks for a few dozen, and a load that made 50,000 would pay for them all.
  func questionID(at index: Int) -> Int64 {
    bytes.withUnsafeBufferPointer { Self.questionID(in: $0, at: records[index].start) }
  }

  /// Every question's id, in order, added to `ids`.
  func appendQuestionIDs(to ids: inout [Int64]) {
    bytes.withUnsafeBufferPointer { buffer in
      for record in records { ids.append(Self.questionID(in: buffer, at: record.start)) }
    }
  }

  private static func questionID(in buffer: UnsafeBufferPointer<UInt8>, at start: Int) -> Int64 {
    var position = start
    let textLength = readLength(buffer, at: &position)
    let text = UnsafeBufferPointer(rebasing: buffer[position..<position + textLength])
    position += textLength
    let answerLength = readLength(buffer, at: &position)
    let answer = UnsafeBufferPointer(rebasing: buffer[position..<position + answerLength])
    return QuestionID.make(text: text, answer: answer)
  }

  /// Whether `other` is this chunk with the very same buffers, so the same questions: a
  /// check that costs nothing, where comparing the questions reads them all.
  func isIdentical(to other: QuestionChunk) -> Bool {
    func address<Element>(_ array: [Element]) -> UnsafeRawPointer? {
      array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
    return records.count == other.records.count && bytes.count == other.bytes.count
      && address(records) == address(other.records) && address(bytes) == address(other.bytes)
      && categoryNames == other.categoryNames
  }

  var countsByCategory: [(String, Int)] {
    var counts = [Int](repeating: 0, count: categoryNames.count)
    for record in records { counts[Int(record.category)] += 1 }
    return Array(zip(categoryNames, counts))
  }

  func countDifficulties(into counts: inout [Difficulty?: Int]) {
    for record in records { counts[record.difficulty, default: 0] += 1 }
  }

  mutating func append(_ question: Question) {
    startQuestion(
      category: categoryNumber(question.category), difficulty: question.difficulty, kind: question.kind,
      seconds: question.seconds)
    appendField(question.text)
    appendField(question.correctAnswer)
    for answer in question.incorrectAnswers { appendField(answer) }
  }

  mutating func categoryNumber(_ name: String) -> Int32 {
    if let number = categoryIndex[name] { return number }
    let number = Int32(categoryNames.count)
    categoryNames.append(name)
    categoryIndex[name] = number
    return number
  }

  mutating func startQuestion(category: Int32, difficulty: Difficulty?, kind: Question.Kind, seconds: Int? = nil) {
    // Readers keep `seconds` within `Question.secondsRange`; anything else is no time of its own.
    let time = seconds.flatMap { UInt8(exactly: $0) } ?? 0
    records.append(
      Record(start: bytes.count, category: category, difficulty: difficulty, kind: kind, seconds: time))
  }

  mutating func appendField(_ utf8: UnsafeBufferPointer<UInt8>) {
    if utf8.count < 0x80 {
      bytes.append(UInt8(utf8.count))
    } else {
      appendLongLength(utf8.count)
    }
    bytes.append(contentsOf: utf8)
  }

  @inline(never)
  private mutating func appendLongLength(_ length: Int) {
    var length = length
    while length >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
      length >>= 7
    }
    bytes.append(UInt8(length))
  }

  mutating func appendField(_ text: String) {
    var text = text
    text.withUTF8 { appendField($0) }
  }

  private static func readLength(_ buffer: UnsafeBufferPointer<UInt8>, at position: inout Int) -> Int {
    var length = 0
    var shift = 0
    while true {
      let byte = buffer[position]
      position += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { return length }
      shift += 7
    }
  }

  mutating func reserve(questions: Int, byteCount: Int) {
    Self.reserve(&records, more: questions)
    Self.reserve(&bytes, more: byteCount)
  }

  /// Grows by at least half again, so reserving file after file does not copy each time.
  private static func reserve<Element>(_ array: inout [Element], more: Int) {
    let needed = array.count + more
    guard needed > array.capacity else { return }
    array.reserveCapacity(Swift.max(needed, array.capacity + array.capacity / 2))
  }
}
