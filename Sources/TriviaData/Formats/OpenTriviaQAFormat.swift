import FoundationEssentials
import Glibc

/// The text format of the OpenTriviaQA data set (github.com/uberspot/OpenTriviaQA), one
/// block per question:
///
///     #Q Question text, which may go on
///     over the following lines
///     ^ The correct answer
///     A first option
///     B second option
///
/// Each line is UTF-8, or else Windows-1252; lines end at LF or CRLF, and a byte-order mark
/// at the start is not text. The reading follows the reference reader
/// (`otqa_reference.py`) rule for rule, including Python's idea of a line break and of a
/// space, so both agree on which blocks are usable:
///
/// - a line starting `#Q` starts a block; lines before the first block are ignored, and so
///   are blank lines;
/// - before the answer, a line starting `^` is the answer, any other line continues the
///   question;
/// - after the answer, a letter followed by a space (or alone) starts an option, an empty one
///   being dropped; any other line continues the last option.
///
/// A block is usable when it has an answer, at least two options, and the answer is one of
/// them. Two cases the reference counts as usable are skipped here, because they cannot be
/// played: a block whose options are all the same text (it has too few options), and one
/// with no question text. Neither occurs in the published data.
///
/// Questions have no difficulty. Their category comes from the file name (see
/// `category(forFileName:)`). They are `.boolean` when the options are True and False in any
/// order and case (written then as `True` and `False`), else `.multiple`; repeated options
/// are shown once.
public enum OpenTriviaQAFormat {
  /// Why a block was left out. The raw values are the reference reader's names.
  public enum Problem: String, Sendable, CaseIterable, CustomStringConvertible {
    case noAnswer = "no-answer"
    case tooFewOptions = "too-few-options"
    case answerNotAnOption = "answer-not-an-option"
    case noQuestionText = "no-question-text"

    public var description: String {
      switch self {
      case .noAnswer: "no answer: the block has no line starting with ^"
      case .tooFewOptions: "too few options: a question needs at least two different ones"
      case .answerNotAnOption: "the answer is not one of the options"
      case .noQuestionText: "the question has no text"
      }
    }
  }

  /// A readable category from a file name: without folders and extension, split at `-` and
  /// `_`, each word capitalised, joined by spaces. `science-technology` is
  /// `Science Technology`, `for-kids.txt` is `For Kids`.
  public static func category(forFileName name: String) -> String {
    var base = Substring(name)
    if let slash = base.lastIndex(of: "/") { base = base[base.index(after: slash)...] }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = base[..<dot] }
    let words = base.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " })
    let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    return title.isEmpty ? "General" : title
  }

  /// Reads a whole file. Unusable blocks are skipped and reported as `name:line`; a file
  /// with no usable question throws. `locating` keeps where each question is: its `#Q` line,
  /// its `^` line, the line of its first option.
  public static func decode(
    _ bytes: [UInt8], name: String, category: String? = nil, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    try bytes.withUnsafeBufferPointer { bytes throws(DataSourceError) in
      try decode(bytes, name: name, category: category, locating: locating)
    }
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String? = nil, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    var bank = QuestionBank(questions: [])
    decode(bytes, name: name, category: category ?? Self.category(forFileName: name), into: &bank, locating: locating)
    try bank.requireQuestions(from: name, otherwise: " (no line starts with #Q)")
    return bank
  }

  /// Appends the questions of `bytes` to `bank`, and the blocks left out to its `skipped`.
  static func decode(_ bytes: [UInt8], name: String, category: String, into bank: inout QuestionBank) {
    bytes.withUnsafeBufferPointer { decode($0, name: name, category: category, into: &bank) }
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String, into bank: inout QuestionBank,
    locating: Bool = false
  ) {
    var reader = Reader(name: name, category: category)
    reader.locating = locating
    defer { reader.deallocate() }
    // Sized once, without counting: the text of the questions takes fewer bytes than the
    // file, and no more questions fit than blocks of the smallest size. Room that is not
    // used is address space, never touched.
    reader.chunk.reserve(questions: bytes.count / smallestBlock, byteCount: bytes.count)
    reader.read(bytes)
    bank.add(reader, readAs: .openTriviaQA)
  }

  /// The fewest bytes a usable block takes: `#Qx`, `^a`, `a a`, `b b` and three line ends.
  static let smallestBlock = 14
}

/// One pass over the bytes of a file, keeping the block being read in reused buffers.
private struct Reader: QuestionReader {
  let name: String
  let category: String

  var lineNumber = 1
  /// The questions read, and the blocks left out.
  var chunk = QuestionChunk()
  var skipped: [QuestionBank.Skipped] = []
  /// Where each question read is, when the reader locates them.
  var locating = false
  var locations: [QuestionLocation] = []
  /// The lines of the block's answer and first option.
  var answerLine = 0
  var optionLine = 0
  /// The category's number in `chunk`.
  var categoryNumber: Int32 = 0
  /// Windows-1252 lines converted to UTF-8.
  var converted = ByteBuffer(capacity: 256)

  // The block being read. Its fields borrow the file's bytes while they can, and are
  // copied to `own` when they cannot: a converted line, a question or option that goes
  // on over several lines.
  var inBlock = false
  var blockLine = 0
  var own = ByteBuffer(capacity: 1024)
  var question = TextSpan()
  var hasAnswer = false
  var answer = TextSpan()
  var options = PlainBuffer<TextSpan>(capacity: 16)
  /// The options' text, once the block is whole.
  var optionTexts = PlainBuffer<UnsafeBufferPointer<UInt8>>(capacity: 16)
  /// The options without repeats, as places in `optionTexts`.
  var distinct = PlainBuffer<Int>(capacity: 16)

  init(name: String, category: String) {
    self.name = name
    self.category = category
  }

  func deallocate() {
    converted.deallocate()
    own.deallocate()
    options.deallocate()
    optionTexts.deallocate()
    distinct.deallocate()
  }

  /// A field of `text`, borrowed when the line is the file's own bytes.
  mutating func span(_ text: UnsafeBufferPointer<UInt8>, inFile: Bool) -> TextSpan {
    if inFile, let base = text.baseAddress { return TextSpan(borrowed: base, count: text.count) }
    let start = own.count
    own.append(text)
    return TextSpan(start: start, count: text.count)
  }

  /// `field`, a space, then `more`: the field is copied to `own` first, unless it is
  /// there already, at the end.
  mutating func extended(_ field: TextSpan, with more: UnsafeBufferPointer<UInt8>) -> TextSpan {
    var field = field
    if field.borrowed != nil || field.start + field.count != own.count {
      let start = own.count
      if let borrowed = field.borrowed {
        own.append(UnsafeBufferPointer(start: borrowed, count: field.count))
      } else {
        own.appendCopy(from: field.start, count: field.count)
      }
      field = TextSpan(start: start, count: field.count)
    }
    own.append(UInt8(ascii: " "))
    own.append(more)
    field.count += 1 + more.count
    return field
  }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.baseAddress != nil else { return }
    categoryNumber = chunk.categoryNumber(category)
    var start = 0
    let count = bytes.count
    while start <= count {
      let (end, contentEnd, plain) = Self.scanLine(bytes, from: start)
      if plain {
        // Printable ASCII, perhaps with a CR before the LF: one line, as it is.
        if contentEnd > start {
          readLine(UnsafeBufferPointer(rebasing: bytes[start..<contentEnd]), ascii: true, inFile: true)
        }
      } else {
        readUnusualSegment(UnsafeBufferPointer(rebasing: bytes[start..<end]), isFirst: start == 0)
      }
      start = end + 1
      lineNumber += 1
    }
    finishBlock()
  }

  /// Where the line from `start` ends (at its LF, or the end), where its text ends (before
  /// a CR that precedes the LF), and whether the text is all printable ASCII. Reads eight
  /// bytes at a time while they are printable ASCII.
  @inline(__always)
  static func scanLine(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (end: Int, contentEnd: Int, plain: Bool) {
    let base = bytes.baseAddress!
    let raw = UnsafeRawPointer(base)
    let count = bytes.count
    var index = start
    while index + 8 <= count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      // The high bit of each byte that is 0x80 or more, or less than 0x20. A borrow can mark
      // a byte after (above) a marked one, never before, so the lowest mark is exact.
      let marks = (word | ((word &- 0x2020_2020_2020_2020) & ~word)) & 0x8080_8080_8080_8080
      if marks != 0 {
        index += marks.trailingZeroBitCount >> 3
        break
      }
      index += 8
    }
    while index < count {
      let byte = bytes[index]
      if byte >= 0x20, byte < 0x80 {
        index += 1
        continue
      }
      if byte == 0x0A { return (index, index, true) }
      if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A { return (index + 1, index, true) }
      break
    }
    guard index < count else { return (count, count, true) }
    let end = memchr(base + index, 0x0A, count - index).map {
      base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
    }
    return (end ?? count, end ?? count, false)
  }

  /// A line with something besides printable ASCII: Windows-1252 when it is not UTF-8, a
  /// byte-order mark when first, and perhaps several lines by Python's count.
  mutating func readUnusualSegment(_ bytes: UnsafeBufferPointer<UInt8>, isFirst: Bool) {
    var segment = bytes
    if UTF8Check.isValid(segment) {
      if isFirst {
        // A byte-order mark (or several) at the start of the file is not text.
        while segment.count >= 3, segment[0] == 0xEF, segment[1] == 0xBB, segment[2] == 0xBF {
          segment = UnsafeBufferPointer(rebasing: segment[3...])
        }
      }
      readSegment(segment, inFile: true)
    } else {
      converted.removeAll()
      Windows1252.appendAsUTF8(segment, to: &converted)
      readSegment(converted.elements, inFile: false)
    }
  }

  /// Splits one LF-delimited line where Python's `str.splitlines` would (CR, VT, FF, the
  /// file/group/record separators, NEL, U+2028, U+2029) and reads each piece.
  mutating func readSegment(_ segment: UnsafeBufferPointer<UInt8>, inFile: Bool) {
    var start = 0
    var index = 0
    let count = segment.count
    while index < count {
      let byte = segment[index]
      var breakLength = 0
      switch byte {
      case 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E: breakLength = 1
      case 0xC2 where index + 1 < count && segment[index + 1] == 0x85: breakLength = 2
      case 0xE2
      where index + 2 < count && segment[index + 1] == 0x80
        && (segment[index + 2] == 0xA8 || segment[index + 2] == 0xA9):
        breakLength = 3
      default: break
      }
      if breakLength > 0 {
        if index > start {
          readLine(UnsafeBufferPointer(rebasing: segment[start..<index]), ascii: false, inFile: inFile)
        }
        index += breakLength
        start = index
      } else {
        index += 1
      }
    }
    if count > start { readLine(UnsafeBufferPointer(rebasing: segment[start..<count]), ascii: false, inFile: inFile) }
  }

  /// One line, already free of line breaks: the reference reader's `parse` step. `inFile`
  /// tells that the line is the file's bytes, which stay while the file is read.
  mutating func readLine(_ whole: UnsafeBufferPointer<UInt8>, ascii: Bool, inFile: Bool) {
    let end = ascii ? Self.asciiTrimmedEnd(whole) : PythonSpace.trimmedEnd(whole, end: whole.count)
    guard end > 0 else { return }
    let line = UnsafeBufferPointer(rebasing: whole[0..<end])
    if line.count >= 2, line[0] == UInt8(ascii: "#"), line[1] == UInt8(ascii: "Q") {
      finishBlock()
      inBlock = true
      blockLine = lineNumber
      own.removeAll()
      question = span(Self.stripped(line, from: 2, ascii: ascii), inFile: inFile)
      hasAnswer = false
      options.removeAll()
      return
    }
    guard inBlock else { return }
    if !hasAnswer {
      if line[0] == UInt8(ascii: "^") {
        hasAnswer = true
        answerLine = lineNumber
        answer = span(Self.stripped(line, from: 1, ascii: ascii), inFile: inFile)
      } else {
        question = extended(question, with: Self.stripped(line, from: 0, ascii: ascii))
      }
      return
    }
    let (isLetter, letterLength) = Self.startsWithLetter(line)
    if isLetter, line.count == letterLength || line[letterLength] == UInt8(ascii: " ") {
      let text = Self.stripped(line, from: min(letterLength + 1, line.count), ascii: ascii)
      if !text.isEmpty {
        if options.isEmpty { optionLine = lineNumber }
        options.append(span(text, inFile: inFile))
      }
    } else if !options.isEmpty {
      let more = Self.stripped(line, from: 0, ascii: ascii)
      options[options.count - 1] = extended(options[options.count - 1], with: more)
    }
  }

  /// Where printable ASCII ends without trailing spaces: the only space it can hold is ' '.
  @inline(__always)
  static func asciiTrimmedEnd(_ line: UnsafeBufferPointer<UInt8>) -> Int {
    var end = line.count
    while end > 0, line[end - 1] == UInt8(ascii: " ") { end -= 1 }
    return end
  }

  /// `line[start...]` without spaces at either end; `line` has none at its end.
  @inline(__always)
  static func stripped(_ line: UnsafeBufferPointer<UInt8>, from start: Int, ascii: Bool) -> UnsafeBufferPointer<UInt8> {
    guard ascii else { return PythonSpace.stripped(line, from: start) }
    var start = start
    while start < line.count, line[start] == UInt8(ascii: " ") { start += 1 }
    return UnsafeBufferPointer(rebasing: line[start..<line.count])
  }

  /// Whether the line's first character is a letter (Python's `isalpha`: a character of
  /// category Lu, Ll, Lt, Lm or Lo), and how many bytes that character takes.
  static func startsWithLetter(_ line: UnsafeBufferPointer<UInt8>) -> (Bool, Int) {
    let lead = line[0]
    if lead < 0x80 {
      return ((lead | 0x20) >= UInt8(ascii: "a") && (lead | 0x20) <= UInt8(ascii: "z"), 1)
    }
    return startsWithNonASCIILetter(line)
  }

  @inline(never)
  static func startsWithNonASCIILetter(_ line: UnsafeBufferPointer<UInt8>) -> (Bool, Int) {
    let lead = line[0]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length { value = value << 6 | UInt32(line[offset] & 0x3F) }
    guard let scalar = Unicode.Scalar(value) else { return (false, length) }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
      return (true, length)
    default: return (false, length)
    }
  }

  mutating func finishBlock() {
    guard inBlock else { return }
    inBlock = false
    if let problem = appendQuestion() {
      skipped.append(
        .init(
          location: "\(name):\(blockLine)", reason: problem.description,
          position: locating ? SourcePosition(line: blockLine, column: 1) : nil))
    } else if locating {
      locations.append(
        QuestionLocation(
          start: SourcePosition(line: blockLine, column: 1),
          fields: [
            .question: SourcePosition(line: blockLine, column: 1),
            .correctAnswer: SourcePosition(line: answerLine, column: 1),
            .incorrectAnswers: SourcePosition(line: optionLine, column: 1),
          ]))
    }
  }

  /// Classifies the block as the reference does, and appends it to `chunk` when usable.
  mutating func appendQuestion() -> OpenTriviaQAFormat.Problem? {
    guard hasAnswer else { return .noAnswer }
    guard options.count >= 2 else { return .tooFewOptions }
    // `own` is whole now: it will not move while these are read.
    optionTexts.removeAll()
    for option in options.elements { optionTexts.append(option.text(in: own)) }
    let answer = answer.text(in: own)
    let containsAnswer = collectDistinctOptions(answer: answer)
    guard containsAnswer else { return .answerNotAnOption }
    guard distinct.count >= 2 else { return .tooFewOptions }
    let text = PythonSpace.stripped(question.text(in: own), from: 0)
    guard !text.isEmpty else { return .noQuestionText }

    if distinct.count == 2, let answerIsTrue = Self.trueOrFalse(answer) {
      let first = optionTexts[distinct[0]]
      let second = optionTexts[distinct[1]]
      if let otherIsTrue = Self.trueOrFalse(Self.equal(first, answer) ? second : first), otherIsTrue != answerIsTrue {
        chunk.startQuestion(category: categoryNumber, difficulty: nil, kind: .boolean)
        chunk.appendField(text)
        Self.appendStatic(answerIsTrue ? "True" : "False", to: &chunk)
        Self.appendStatic(answerIsTrue ? "False" : "True", to: &chunk)
        return nil
      }
    }
    // The answer is among the distinct options once: the others are the wrong answers.
    chunk.startQuestion(category: categoryNumber, difficulty: nil, kind: .multiple)
    chunk.appendField(text)
    chunk.appendField(answer)
    for index in distinct.elements where !Self.equal(optionTexts[index], answer) {
      chunk.appendField(optionTexts[index])
    }
    return nil
  }

  static func appendStatic(_ word: StaticString, to chunk: inout QuestionChunk) {
    chunk.appendField(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// Fills `distinct` with each option once, in the order given, and tells whether the
  /// answer is among them. A few options are compared with each other; many (a hostile file
  /// can hold thousands) are looked up by hash instead.
  mutating func collectDistinctOptions(answer: UnsafeBufferPointer<UInt8>) -> Bool {
    guard optionTexts.count <= 16 else { return collectManyDistinctOptions(answer: answer) }
    distinct.removeAll()
    var containsAnswer = false
    for index in 0..<optionTexts.count {
      let option = optionTexts[index]
      if Self.equal(option, answer) { containsAnswer = true }
      let isRepeat = distinct.elements.contains { Self.equal(optionTexts[$0], option) }
      if !isRepeat { distinct.append(index) }
    }
    return containsAnswer
  }

  @inline(never)
  mutating func collectManyDistinctOptions(answer: UnsafeBufferPointer<UInt8>) -> Bool {
    distinct.removeAll()
    var containsAnswer = false
    var seen: [UInt64: [Int]] = [:]
    for index in 0..<optionTexts.count {
      let option = optionTexts[index]
      if Self.equal(option, answer) { containsAnswer = true }
      let hash = Self.hash(option)
      let isRepeat = seen[hash, default: []].contains { Self.equal(optionTexts[$0], option) }
      if !isRepeat {
        seen[hash, default: []].append(index)
        distinct.append(index)
      }
    }
    return containsAnswer
  }

  /// FNV-1a, enough to tell options apart before comparing them.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }

  static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let first = a.baseAddress, let second = b.baseAddress else { return true }
    return memcmp(first, second, a.count) == 0
  }

  /// True for `true`, false for `false`, in any case; nil for anything else.
  static func trueOrFalse(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    func matches(_ word: StaticString) -> Bool {
      guard text.count == word.utf8CodeUnitCount else { return false }
      for index in 0..<text.count where text[index] | 0x20 != word.utf8Start[index] { return false }
      return true
    }
    if matches("true") { return true }
    if matches("false") { return false }
    return nil
  }
}
