import Glibc

/// Moodle's Aiken text format, the simplest a teacher can type (#38):
///
///     What is the capital of France?
///     A. Lyon
///     B) Paris
///     C. Marseille
///     ANSWER: B
///
/// A question is a line of text (more lines before its first option are joined by spaces),
/// its options a capital letter and `.` or `)` then a space, and the `ANSWER:` line the right
/// option's letter. Blank lines between questions are passed over; a byte-order mark at the
/// start and CRLF line ends are read too, and a CR alone within a line is a space. Each line
/// loses the spaces at its ends that Python's `strip` takes, as OpenTriviaQA's do. Two
/// options that are True and False, in any case, make a true/false question. Aiken has no
/// categories, levels or times: the questions take a category made from the file's name, as
/// an OpenTriviaQA file's do.
///
/// A question that cannot be asked is skipped, with its file and line and why: no `ANSWER:`
/// line, a letter that names no option, fewer than two options, an empty one, two the same.
public enum AikenFormat: QuestionDecoding {
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    try decode(bytes, name: name, category: nil, locating: locating)
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    var reader = AikenReader(
      name: name, category: category ?? OpenTriviaQAFormat.category(forFileName: name), locating: locating)
    Windows1252.withUTF8(bytes) { reader.read($0) }
    var bank = QuestionBank(questions: [])
    bank.add(reader, readAs: .aiken)
    try bank.requireQuestions(from: name, otherwise: " (no line starts with ANSWER:)")
    return bank
  }

  /// Whether a line starts with `ANSWER:` just after an option line, blank lines aside.
  static func looksLikeAiken(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var afterOption = false
    var found = false
    AikenReader.forEachLine(bytes) { line, _ in
      guard !line.isEmpty else { return true }
      if afterOption, AikenReader.isAnswerLine(line) {
        found = true
        return false
      }
      afterOption = AikenReader.optionStart(line) != nil
      return true
    }
    return found
  }
}

/// One pass over an Aiken file, line by line, keeping the question being read in buffers
/// reused from one question to the next.
struct AikenReader: QuestionReader {
  let name: String
  let locating: Bool
  var chunk = QuestionChunk()
  var skipped: [QuestionBank.Skipped] = []
  var locations: [QuestionLocation] = []
  let category: Int32

  /// The question being read: its text and line, and its options.
  var inQuestion = false
  var questionLine = 0
  var text: [UInt8] = []
  var optionText: [UInt8] = []
  var options: [Option] = []
  var faults: [(reason: String, line: Int)] = []

  struct Option {
    var letter: UInt8
    var range: Range<Int>
    var line: Int
  }

  init(name: String, category: String, locating: Bool) {
    self.name = name
    self.locating = locating
    self.category = chunk.categoryNumber(category)
    text.reserveCapacity(256)
    optionText.reserveCapacity(256)
  }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
    chunk.reserve(questions: bytes.count / 20, byteCount: bytes.count)
    Self.forEachLine(bytes) { line, number in
      readLine(line, number)
      return true
    }
    if inQuestion { finish(answer: nil, line: questionLine) }
  }

  /// Calls `body` with each line, without the spaces around it (what Python's `strip` takes:
  /// tabs, a CR, a form feed…; and a byte-order mark at the start), and its number, until it
  /// returns false.
  static func forEachLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool
  ) {
    guard let base = bytes.baseAddress else { return }
    let count = bytes.count
    var index = 0
    while index + 3 <= count, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
    var number = 1
    while index < count {
      let end =
        memchr(base + index, 0x0A, count - index).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        ?? count
      guard body(PythonSpace.stripped(UnsafeBufferPointer(rebasing: bytes[index..<end]), from: 0), number) else {
        return
      }
      index = end + 1
      number += 1
    }
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
  }

  static func isAnswerLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    line.starts(with: "ANSWER:".utf8)
  }

  /// Where an option's text starts, when the line is one: `A.` or `A)`, then a space or tab
  /// (or nothing: an empty option).
  @inline(__always)
  static func optionStart(_ line: UnsafeBufferPointer<UInt8>) -> Int? {
    guard line.count >= 2, line[0] >= UInt8(ascii: "A"), line[0] <= UInt8(ascii: "Z"),
      line[1] == UInt8(ascii: ".") || line[1] == UInt8(ascii: ")")
    else { return nil }
    guard line.count == 2 || line[2] == UInt8(ascii: " ") || line[2] == UInt8(ascii: "\t") else { return nil }
    // The space after the mark, as much as Python's `strip` would take.
    return PythonSpace.trimmedStart(line, from: 2)
  }

  mutating func readLine(_ line: UnsafeBufferPointer<UInt8>, _ number: Int) {
    guard !line.isEmpty else { return }
    if Self.isAnswerLine(line) {
      guard inQuestion else {
        skipped.append(
          .init(
            location: "\(name):\(number)", reason: "an ANSWER: line with no question and options before it",
            position: locating ? SourcePosition(line: number) : nil))
        return
      }
      finish(answer: UnsafeBufferPointer(rebasing: line[7...]), line: number)
      return
    }
    // A question comes before its options: a first line that looks like one ("H. G. Wells
    // wrote…") is the question's text.
    if inQuestion, let start = Self.optionStart(line) {
      let first = optionText.count
      Self.append(UnsafeBufferPointer(rebasing: line[start...]), to: &optionText)
      options.append(Option(letter: line[0], range: first..<optionText.count, line: number))
      return
    }
    if inQuestion, options.isEmpty {
      text.append(UInt8(ascii: " "))
      Self.append(line, to: &text)
      return
    }
    // A line of text after options: the question before had no ANSWER: line.
    if inQuestion { finish(answer: nil, line: questionLine) }
    startQuestion(number)
    Self.append(line, to: &text)
  }

  /// Appends `line` to `text`, a CR in it (a line end of an old Mac's, which does not end
  /// the line here) as a space, as a line break within a question's text is one.
  static func append(_ line: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
    let first = text.count
    text.append(contentsOf: line)
    guard line.contains(0x0D) else { return }
    for index in first..<text.count where text[index] == 0x0D { text[index] = UInt8(ascii: " ") }
  }

  mutating func startQuestion(_ number: Int) {
    inQuestion = true
    questionLine = number
    text.removeAll(keepingCapacity: true)
    optionText.removeAll(keepingCapacity: true)
    options.removeAll(keepingCapacity: true)
    faults.removeAll(keepingCapacity: true)
  }

  /// Ends the question with the text after `ANSWER:` (nil when it had none), appending it to
  /// `chunk` or noting why it is skipped.
  mutating func finish(answer: UnsafeBufferPointer<UInt8>?, line: Int) {
    inQuestion = false
    var right: Int?
    if let answer {
      right = rightOption(answer, line: line)
    } else {
      faults.append(("no ANSWER: line after the options (ANSWER: then the right option's letter)", questionLine))
    }
    checkOptions()
    if let first = faults.first {
      var skip = QuestionBank.Skipped(
        location: "\(name):\(questionLine)", reason: first.reason,
        position: locating ? SourcePosition(line: first.line) : nil)
      if locating {
        skip.otherFaults = faults.dropFirst().map { .init(reason: $0.reason, position: .init(line: $0.line)) }
      }
      skipped.append(skip)
      return
    }
    // No right option is a fault noted above.
    guard let right else { return }
    optionText.withUnsafeBufferPointer { answers in
      let rightText = UnsafeBufferPointer(rebasing: answers[options[right].range])
      if options.count == 2, let rightIsTrue = Self.trueOrFalse(rightText),
        let otherIsTrue = Self.trueOrFalse(UnsafeBufferPointer(rebasing: answers[options[1 - right].range])),
        rightIsTrue != otherIsTrue
      {
        chunk.startQuestion(category: category, difficulty: nil, kind: .boolean)
        text.withUnsafeBufferPointer { chunk.appendField($0) }
        GIFTReader.appendStatic(rightIsTrue ? "True" : "False", to: &chunk)
        GIFTReader.appendStatic(rightIsTrue ? "False" : "True", to: &chunk)
        return
      }
      chunk.startQuestion(category: category, difficulty: nil, kind: .multiple)
      text.withUnsafeBufferPointer { chunk.appendField($0) }
      chunk.appendField(rightText)
      for (index, option) in options.enumerated() where index != right {
        chunk.appendField(UnsafeBufferPointer(rebasing: answers[option.range]))
      }
    }
    if locating {
      let wrong = options.indices.first { $0 != right } ?? right
      locations.append(
        QuestionLocation(
          start: SourcePosition(line: questionLine),
          fields: [
            .question: SourcePosition(line: questionLine),
            .correctAnswer: SourcePosition(line: options[right].line),
            .incorrectAnswers: SourcePosition(line: options[wrong].line),
          ]))
    }
  }

  /// The option `ANSWER:` names, or nil with a fault noted.
  mutating func rightOption(_ answer: UnsafeBufferPointer<UInt8>, line: Int) -> Int? {
    var start = 0
    while start < answer.count, Self.isSpace(answer[start]) { start += 1 }
    let written = UnsafeBufferPointer(rebasing: answer[start...])
    let letter = written.count == 1 ? written[0] & ~0x20 : 0
    guard letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z") else {
      let shown = String(decoding: written, as: UTF8.self)
      faults.append(
        (
          shown.isEmpty
            ? "ANSWER: names no option; write the right option's letter after it"
            : "ANSWER: \(shown) is not one option's letter", line
        ))
      return nil
    }
    guard let index = options.firstIndex(where: { $0.letter == letter }) else {
      let letters = options.map { String(UnicodeScalar($0.letter)) }.joined(separator: ", ")
      let name = String(UnicodeScalar(letter))
      faults.append(
        (
          options.isEmpty
            ? "ANSWER: \(name) names no option: the question has none"
            : "ANSWER: \(name) names no option; the options are \(letters)", line
        ))
      return nil
    }
    return index
  }

  /// Faults of the question's options: fewer than two, an empty one, a letter twice, two the
  /// same.
  mutating func checkOptions() {
    if options.count < 2 {
      faults.append(("a question needs at least two options (A. … then B. …)", options.first?.line ?? questionLine))
    }
    optionText.withUnsafeBufferPointer { answers in
      for (index, option) in options.enumerated() {
        let letter = String(UnicodeScalar(option.letter))
        if option.range.isEmpty { faults.append(("option \(letter) is empty", option.line)) }
        if options[..<index].contains(where: { $0.letter == option.letter }) {
          faults.append(("two options are lettered \(letter)", option.line))
        } else if !option.range.isEmpty,
          let same = options[..<index].first(where: { answers[$0.range].elementsEqual(answers[option.range]) })
        {
          let shown = String(decoding: UnsafeBufferPointer(rebasing: answers[option.range]), as: UTF8.self)
          faults.append(
            ("options \(String(UnicodeScalar(same.letter))) and \(letter) are the same: '\(shown)'", option.line))
        }
      }
    }
  }

  /// True for `true`, false for `false`, in any case; nil for anything else.
  static func trueOrFalse(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch String(decoding: text, as: UTF8.self).lowercased() {
    case "true": true
    case "false": false
    default: nil
    }
  }
}
