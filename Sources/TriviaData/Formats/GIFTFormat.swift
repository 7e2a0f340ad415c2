import Glibc

/// Moodle's GIFT text format, in which many teachers keep their question banks (#38):
///
///     $CATEGORY: $course$/top/Geography
///
///     // difficulty: easy
///     ::Capital:: What is the capital of France? {=Paris ~Lyon ~Marseille}
///
///     The Sun is a star.{T}
///
/// Questions are separated by blank lines; a line that starts with `//` is a comment. What
/// the game can ask is read: multiple choice (one `=` right answer and `~` wrong ones, inline
/// or one a line) and true/false (`{T}`, `{TRUE}`, `{F}`, `{FALSE}`, in capitals as Moodle
/// reads them). Titles (`::…::`), feedback (after `#`) and weights of wrong answers
/// (`~%-50%`) are dropped; a question with its answers mid-sentence (Moodle's missing word)
/// is asked with `_____` where they stand. The escapes `\: \= \~ \# \{ \} \\` stand for the
/// character, `\n` for a line break, and a line break in the file for a space; a text, an
/// answer and a category lose the spaces at their ends that Python's `strip` takes.
///
/// Text is plain unless it starts `[html]` or `[moodle]`: then it is reduced to its text,
/// tags dropped and entities decoded (`[plain]` and `[markdown]` are kept as written). A
/// `$CATEGORY:` line names the category of the questions after it, the last part of its path
/// (`//` in a name is a `/`); before any, the category is made from the file's name, as an
/// OpenTriviaQA file's is. GIFT has no levels: a comment `// difficulty: easy` (or medium,
/// hard) just before a question gives it one, which is how `encode` writes them and Moodle
/// passes over. GIFT has no time either: `// seconds: 20` gives the next question its own.
///
/// What the game cannot ask (short answer, numerical, matching, essay, a description without
/// answers, several right answers or partial credit for a second one) is skipped, with its
/// file and line and why.
public enum GIFTFormat: QuestionDecoding {
  public static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    try decode(bytes, name: name, category: nil, locating: locating)
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, category: String?, locating: Bool
  ) throws(DataSourceError) -> QuestionBank {
    let category = category ?? OpenTriviaQAFormat.category(forFileName: name)
    var reader = GIFTReader(name: name, category: category, locating: locating)
    // A file saved by an old Windows editor: each byte read as Windows-1252, as OpenTriviaQA's are.
    Windows1252.withUTF8(bytes) { reader.read($0) }
    var bank = QuestionBank(questions: [])
    bank.add(reader, readAs: .gift)
    try bank.requireQuestions(from: name, otherwise: " (no question with answers in { })")
    return bank
  }

  /// Whether `bytes` look like GIFT: a line that starts with a `::title::`, or a `{` whose
  /// answers start as GIFT's do (`=`, `~`, `#`, or T, TRUE, F, FALSE before `}` or `#`).
  /// A `{}` alone, as in a program's text, is not enough.
  static func looksLikeGIFT(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    var atLineStart = true
    var index = 0
    while index < count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\n"):
        atLineStart = true
        index += 1
        continue
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        index += 1
        continue
      case UInt8(ascii: "\\"):
        index += 2
      case UInt8(ascii: ":") where atLineStart && index + 1 < count && bytes[index + 1] == UInt8(ascii: ":"):
        if GIFTReader.find(bytes, "::", from: index + 2, to: count) != nil { return true }
        index += 2
      case UInt8(ascii: "{"):
        if answersFollow(bytes, from: index + 1) { return true }
        index += 1
      default:
        index += 1
      }
      atLineStart = false
    }
    return false
  }

  private static func answersFollow(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    let index = GIFTReader.skipSpace(bytes, from: start, to: bytes.count)
    guard index < bytes.count else { return false }
    switch bytes[index] {
    case UInt8(ascii: "="), UInt8(ascii: "~"), UInt8(ascii: "#"): return true
    case UInt8(ascii: "T"), UInt8(ascii: "F"):
      var end = index
      while end < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]) { end += 1 }
      let after = GIFTReader.skipSpace(bytes, from: end, to: bytes.count)
      return GIFTReader.trueOrFalse(bytes, index..<end) != nil && after < bytes.count
        && (bytes[after] == UInt8(ascii: "}") || bytes[after] == UInt8(ascii: "#"))
    default: return false
    }
  }
}

/// One pass over a GIFT file: its lines, then each question's text, with the buffers of the
/// question being read kept from one question to the next.
struct GIFTReader: QuestionReader {
  let name: String
  let locating: Bool
  var chunk = QuestionChunk()
  var skipped: [QuestionBank.Skipped] = []
  var locations: [QuestionLocation] = []
  /// Comments this game reads whose value it could not: a level or a time it does not know.
  var warnings: [QuestionBank.Skipped.Fault] = []

  /// The category of the questions read now, its number in `chunk`, and its `$CATEGORY:` line.
  let fileCategory: String
  var category: Int32 = 0
  var categoryLine: Int?
  /// The level a `// difficulty:` comment gave the next question (nil for a word that is not
  /// one), and that comment's line.
  var level: (difficulty: Difficulty?, line: Int)?
  /// The time a `// seconds:` comment gave the next question.
  var seconds: Int?

  /// The question being read: its lines without comments and the spaces around them, joined
  /// by line feeds, and where each line starts in it and in the file.
  var item: [UInt8] = []
  var itemLines: [(offset: Int, line: Int)] = []
  var text: [UInt8] = []
  var answerText: [UInt8] = []
  var answers: [Answer] = []
  /// What is wrong with the question, each with its place in `item`.
  var faults: [(reason: String, offset: Int)] = []

  /// One answer of a multiple-choice question, its text in `answerText`.
  struct Answer {
    var range: Range<Int>
    /// `=` rather than `~`.
    var isMarkedRight: Bool
    /// Its weight, `%50%`; nil when it has none.
    var weight: Double?
    /// Where its `=` or `~` is in `item`.
    var offset: Int

    var earnsCredit: Bool { (weight ?? (isMarkedRight ? 100 : 0)) > 0 }
  }

  init(name: String, category: String, locating: Bool) {
    self.name = name
    self.locating = locating
    fileCategory = category
    self.category = chunk.categoryNumber(category)
    item.reserveCapacity(1024)
    text.reserveCapacity(256)
    answerText.reserveCapacity(256)
  }

  mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress else { return }
    chunk.reserve(questions: bytes.count / 24, byteCount: bytes.count)
    let count = bytes.count
    var index = 0
    while index + 3 <= count, bytes[index] == 0xEF, bytes[index + 1] == 0xBB, bytes[index + 2] == 0xBF { index += 3 }
    var line = 1
    var itemLine: Int?
    while index < count {
      let end =
        memchr(base + index, 0x0A, count - index).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) }
        ?? count
      var start = index
      var contentEnd = end
      while start < contentEnd, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
      while contentEnd > start, Self.isSpace(bytes[contentEnd - 1]) { contentEnd -= 1 }
      let content = start..<contentEnd
      if content.isEmpty {
        if let first = itemLine { finishItem(line: first) }
        itemLine = nil
      } else if bytes[start] == UInt8(ascii: "/"), Self.starts(bytes, content, with: "//") {
        if itemLine == nil { readComment(bytes, content, line: line) }
      } else if itemLine == nil, bytes[start] == UInt8(ascii: "$"), Self.starts(bytes, content, with: "$CATEGORY:") {
        readCategory(bytes, content.lowerBound + 10..<content.upperBound, line: line)
      } else {
        if itemLine == nil {
          itemLine = line
          item.removeAll(keepingCapacity: true)
          itemLines.removeAll(keepingCapacity: true)
        } else {
          item.append(UInt8(ascii: "\n"))
        }
        itemLines.append((item.count, line))
        item.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[content]))
      }
      index = end + 1
      line += 1
    }
    if let first = itemLine { finishItem(line: first) }
  }

  /// `// difficulty: easy` and `// seconds: 20`: the level and the time of the question that
  /// follows.
  mutating func readComment(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, line: Int) {
    let start = Self.skipSpace(bytes, from: content.lowerBound + 2, to: content.upperBound)
    if let word = Self.value(bytes, start..<content.upperBound, after: "difficulty:") {
      level = (Difficulty(rawValue: word.lowercased()), line)
      if level?.difficulty == nil { warnings.append(.unknownLevel(word, at: SourcePosition(line: line))) }
    } else if let word = Self.value(bytes, start..<content.upperBound, after: "seconds:") {
      seconds = Int(word).flatMap { Question.secondsRange.contains($0) ? $0 : nil }
      if seconds == nil {
        let range = Question.secondsRange
        warnings.append(
          .init(
            reason: "\"\(word)\" is not a number of seconds from \(range.lowerBound) to \(range.upperBound): "
              + "the question plays with the game's own time limit",
            position: SourcePosition(line: line)))
      }
    }
  }

  /// The words after `key` (ASCII letters in any case, then `:`) at the start of `range`.
  static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, after key: String) -> String? {
    var index = range.lowerBound
    guard range.upperBound - index > key.utf8.count else { return nil }
    for expected in key.utf8 {
      guard bytes[index] | (expected == UInt8(ascii: ":") ? 0 : 0x20) == expected else { return nil }
      index += 1
    }
    index = skipSpace(bytes, from: index, to: range.upperBound)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<range.upperBound]), as: UTF8.self)
  }

  /// `$CATEGORY: $course$/top/Geography`: the last part of the path, `//` being a `/` in a name.
  mutating func readCategory(_ bytes: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, line: Int) {
    var part: [UInt8] = []
    var index = path.lowerBound
    while index < path.upperBound {
      if bytes[index] == UInt8(ascii: "/") {
        if index + 1 < path.upperBound, bytes[index + 1] == UInt8(ascii: "/") {
          part.append(UInt8(ascii: "/"))
          index += 2
        } else {
          part.removeAll()
          index += 1
        }
        continue
      }
      part.append(bytes[index])
      index += 1
    }
    PythonSpace.strip(&part, from: 0)
    let name = String(decoding: part, as: UTF8.self)
    category = chunk.categoryNumber(name.isEmpty ? fileCategory : name)
    categoryLine = line
  }

  mutating func finishItem(line: Int) {
    defer { (level, seconds) = (nil, nil) }
    faults.removeAll(keepingCapacity: true)
    let bytes = item
    let kind = bytes.withUnsafeBufferPointer { readItem($0) }
    guard let first = faults.first else {
      if locating, let kind { locations.append(location(line: line, kind: kind)) }
      return
    }
    var skip = QuestionBank.Skipped(
      location: "\(name):\(line)", reason: first.reason,
      position: locating ? SourcePosition(line: self.line(of: first.offset)) : nil)
    if locating {
      skip.otherFaults = faults.dropFirst().map {
        .init(reason: $0.reason, position: .init(line: self.line(of: $0.offset)))
      }
    }
    skipped.append(skip)
  }

  /// The file's line of a place in `item`.
  func line(of offset: Int) -> Int {
    var line = itemLines.first?.line ?? 1
    for start in itemLines {
      guard start.offset <= offset else { break }
      line = start.line
    }
    return line
  }

  func location(line: Int, kind: Question.Kind) -> QuestionLocation {
    var fields: [QuestionLocation.Field: SourcePosition] = [.question: SourcePosition(line: line)]
    if let categoryLine { fields[.category] = SourcePosition(line: categoryLine) }
    if let level { fields[.difficulty] = SourcePosition(line: level.line) }
    if kind == .multiple {
      if let right = answers.first(where: \.earnsCredit) {
        fields[.correctAnswer] = SourcePosition(line: self.line(of: right.offset))
      }
      if let wrong = answers.first(where: { !$0.earnsCredit }) {
        fields[.incorrectAnswers] = SourcePosition(line: self.line(of: wrong.offset))
      }
    }
    return QuestionLocation(start: SourcePosition(line: line), fields: fields)
  }

  /// Reads one question: appends it to `chunk` and returns its kind, or notes its faults.
  mutating func readItem(_ item: UnsafeBufferPointer<UInt8>) -> Question.Kind? {
    let end = item.count
    var index = Self.skipSpace(item, from: 0, to: end)
    if Self.starts(item, index..<end, with: "::") {
      guard let close = Self.find(item, "::", from: index + 2, to: end) else {
        faults.append(("the title's :: is never closed (a title is written ::title::)", index))
        return nil
      }
      index = Self.skipSpace(item, from: close + 2, to: end)
    }
    let (html, textStart) = Self.textFormat(item, from: index, to: end)
    guard let open = Self.find(item, "{", from: textStart, to: end) else {
      faults.append(("a description with no answers in { }, which the game cannot ask", textStart))
      return nil
    }
    guard let close = Self.find(item, "}", from: open + 1, to: end) else {
      faults.append(("the { of the answers is never closed with }", open))
      return nil
    }
    let block = open + 1..<close
    if let unaskable = Self.unaskable(item, block) {
      faults.append((unaskable, open))
      return nil
    }
    text.removeAll(keepingCapacity: true)
    Self.appendText(item, textStart..<open, html: html, to: &text)
    Self.appendMissingWord(item, close + 1..<end, html: html, to: &text)
    if text.isEmpty { faults.append(("the question has no text before its answers", textStart)) }
    if let isTrue = Self.trueOrFalse(item, Self.trimmed(item, block.lowerBound..<Self.feedbackStart(item, block))) {
      guard faults.isEmpty else { return nil }
      chunk.startQuestion(category: category, difficulty: level?.difficulty, kind: .boolean, seconds: seconds)
      text.withUnsafeBufferPointer { chunk.appendField($0) }
      Self.appendStatic(isTrue ? "True" : "False", to: &chunk)
      Self.appendStatic(isTrue ? "False" : "True", to: &chunk)
      return .boolean
    }
    readAnswers(item, block, html: html)
    checkAnswers()
    guard faults.isEmpty, let right = answers.first(where: \.earnsCredit) else { return nil }
    chunk.startQuestion(category: category, difficulty: level?.difficulty, kind: .multiple, seconds: seconds)
    text.withUnsafeBufferPointer { chunk.appendField($0) }
    answerText.withUnsafeBufferPointer { answerBytes in
      chunk.appendField(UnsafeBufferPointer(rebasing: answerBytes[right.range]))
      for answer in answers where !answer.earnsCredit {
        chunk.appendField(UnsafeBufferPointer(rebasing: answerBytes[answer.range]))
      }
    }
    return .multiple
  }

  /// Why the game cannot ask a question with these answers, in Moodle's order of telling
  /// them apart; nil for multiple choice and true/false.
  static func unaskable(_ item: UnsafeBufferPointer<UInt8>, _ block: Range<Int>) -> String? {
    let first = skipSpace(item, from: block.lowerBound, to: block.upperBound)
    guard first < block.upperBound else { return "an essay question ({}), which the game cannot ask" }
    if item[first] == UInt8(ascii: "#") { return "a numerical question ({#…}), which the game cannot ask" }
    if find(item, "~", from: block.lowerBound, to: block.upperBound) != nil { return nil }
    if find(item, "=", from: block.lowerBound, to: block.upperBound) != nil,
      find(item, "->", from: block.lowerBound, to: block.upperBound) != nil
    {
      return "a matching question (=…->…), which the game cannot ask"
    }
    if trueOrFalse(item, trimmed(item, block.lowerBound..<feedbackStart(item, block))) != nil { return nil }
    return "a short-answer question (= answers and no ~ wrong ones), which the game cannot ask; "
      + "true/false is written {T} or {F}"
  }

  /// Reads each `=` and `~` answer of a block that has a `~`.
  mutating func readAnswers(_ item: UnsafeBufferPointer<UInt8>, _ block: Range<Int>, html: Bool) {
    answers.removeAll(keepingCapacity: true)
    answerText.removeAll(keepingCapacity: true)
    var marker = Self.findMarker(item, from: block.lowerBound, to: block.upperBound)
    while let start = marker {
      let next = Self.findMarker(item, from: start + 1, to: block.upperBound)
      let end = next ?? block.upperBound
      var index = Self.skipSpace(item, from: start + 1, to: end)
      var weight: Double?
      if index < end, item[index] == UInt8(ascii: "%") {
        if let close = Self.find(item, "%", from: index + 1, to: end),
          let value = Double(String(decoding: UnsafeBufferPointer(rebasing: item[index + 1..<close]), as: UTF8.self))
        {
          weight = value
          index = close + 1
        } else {
          faults.append(("an answer's weight is not written %number%", index))
        }
      }
      let (html, textStart) = Self.textFormat(item, from: index, to: end, html: html)
      let textEnd = Self.feedbackStart(item, textStart..<end)
      let first = answerText.count
      Self.appendText(item, textStart..<textEnd, html: html, to: &answerText)
      answers.append(
        Answer(
          range: first..<answerText.count, isMarkedRight: item[start] == UInt8(ascii: "="), weight: weight,
          offset: start))
      marker = next
    }
  }

  /// Faults of a multiple-choice question's answers: no right one, several, an empty one,
  /// two the same.
  mutating func checkAnswers() {
    let credited = answers.filter(\.earnsCredit)
    if credited.isEmpty {
      faults.append(("no right answer: mark the right answer with =", answers.first?.offset ?? 0))
    } else if credited.count > 1 {
      faults.append(
        (
          "\(credited.count) answers earn credit (= or a positive %weight%); the game asks questions with "
            + "one right answer", credited[1].offset
        ))
    } else if !credited[0].isMarkedRight {
      faults.append(("no right answer marked with =; the game gives no partial credit", credited[0].offset))
    }
    answerText.withUnsafeBufferPointer { bytes in
      for (number, answer) in answers.enumerated() {
        if answer.range.isEmpty {
          faults.append(("answer \(number + 1) is empty", answer.offset))
          continue
        }
        let repeated = answers[..<number].contains {
          bytes[$0.range].elementsEqual(bytes[answer.range])
        }
        if repeated {
          let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[answer.range]), as: UTF8.self)
          faults.append(("answer \(number + 1) is the same as an earlier one: '\(text)'", answer.offset))
        }
      }
    }
  }

  /// Moodle's missing word: the text after the answers follows a blank where they stood.
  static func appendMissingWord(
    _ item: UnsafeBufferPointer<UInt8>, _ rest: Range<Int>, html: Bool, to text: inout [UInt8]
  ) {
    guard skipSpace(item, from: rest.lowerBound, to: rest.upperBound) < rest.upperBound else { return }
    var after: [UInt8] = []
    appendText(item, rest, html: html, to: &after)
    guard !after.isEmpty else { return }
    if !text.isEmpty { text.append(UInt8(ascii: " ")) }
    text.append(contentsOf: "_____".utf8)
    if let first = after.first, !".,;:!?)".utf8.contains(first) { text.append(UInt8(ascii: " ")) }
    text.append(contentsOf: after)
  }

  /// `[html]`, `[moodle]`, `[plain]` or `[markdown]` at `start`: whether the text is HTML,
  /// and where it starts after the marker.
  static func textFormat(
    _ item: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, html: Bool = false
  ) -> (html: Bool, start: Int) {
    guard start < end, item[start] == UInt8(ascii: "[") else { return (html, start) }
    for (marker, isHTML) in [("[html]", true), ("[moodle]", true), ("[plain]", false), ("[markdown]", false)]
    where starts(item, start..<end, with: marker) {
      return (isHTML, skipSpace(item, from: start + marker.utf8.count, to: end))
    }
    return (html, start)
  }

  /// Appends the text of `range`, its escapes read, a line break in the file as a space,
  /// without the spaces at either end that Python's `strip` takes (a form feed, `&nbsp;`, an
  /// escaped line break), as the other readers trim them; HTML reduced to its text.
  static func appendText(_ item: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, html: Bool, to out: inout [UInt8]) {
    let range = trimmed(item, range)
    let first = out.count
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = item[index]
      if byte == UInt8(ascii: "\\"), index + 1 < range.upperBound {
        let next = item[index + 1]
        switch next {
        case UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "{"),
          UInt8(ascii: "}"), UInt8(ascii: "\\"):
          out.append(next)
          index += 2
          continue
        case UInt8(ascii: "n"):
          out.append(UInt8(ascii: "\n"))
          index += 2
          continue
        default: break
        }
      }
      out.append(byte == UInt8(ascii: "\n") ? UInt8(ascii: " ") : byte)
      index += 1
    }
    if html {
      let written = Array(out[first...])
      out.removeSubrange(first...)
      written.withUnsafeBufferPointer { HTMLEntities.appendText(ofHTML: $0, to: &out) }
    }
    PythonSpace.strip(&out, from: first)
  }

  static func appendStatic(_ word: StaticString, to chunk: inout QuestionChunk) {
    chunk.appendField(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
  }

  /// True for T and TRUE, false for F and FALSE; nil for anything else.
  static func trueOrFalse(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
    // Most blocks are a question's answers: no string made for them.
    guard range.count <= 5 else { return nil }
    return switch String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) {
    case "T", "TRUE": true
    case "F", "FALSE": false
    default: nil
    }
  }

  /// Where an answer's feedback starts (its first `#` not escaped), or the end.
  static func feedbackStart(_ item: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    find(item, "#", from: range.lowerBound, to: range.upperBound) ?? range.upperBound
  }

  /// The first `=` or `~` not escaped.
  static func findMarker(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
    var index = start
    while index < end {
      switch bytes[index] {
      case UInt8(ascii: "\\"): index += 2
      case UInt8(ascii: "="), UInt8(ascii: "~"): return index
      default: index += 1
      }
    }
    return nil
  }

  /// Where `needle` (one or two ASCII characters) first is, not escaped.
  static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int, to end: Int) -> Int? {
    let first = needle.utf8Start[0]
    let second: UInt8? = needle.utf8CodeUnitCount > 1 ? needle.utf8Start[1] : nil
    var index = start
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == first, second.map({ index + 1 < end && bytes[index + 1] == $0 }) ?? true { return index }
      index += 1
    }
    return nil
  }

  static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with prefix: String) -> Bool {
    let prefix = prefix.utf8
    guard range.count >= prefix.count else { return false }
    return bytes[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
  }

  @inline(__always)
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
  }

  static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
    var index = start
    while index < end, isSpace(bytes[index]) { index += 1 }
    return index
  }

  static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    let start = skipSpace(bytes, from: range.lowerBound, to: range.upperBound)
    var end = range.upperBound
    while end > start, isSpace(bytes[end - 1]) { end -= 1 }
    return start..<end
  }
}
