/// A response of the Open Trivia DB API (opentdb.com/api.php):
/// `{"response_code": 0, "results": [{"category", "type", "difficulty", "question",
/// "correct_answer", "incorrect_answers"}]}`.
///
/// The API encodes every text field (the category too) one of three ways: HTML character
/// references by default, percent-encoding with `encode=url3986` (or `urlLegacy`, which
/// writes spaces as `+`), or Base64 with `encode=base64`, which covers even `type` and
/// `difficulty`. The encoding is told by the content when not given: Base64 when `type`
/// reads as Base64 of `multiple` or `boolean`; percent-encoding when no text field holds a
/// space or any character percent-encoding would have escaped, and some hold `%XX`;
/// otherwise HTML. Decoded text is trimmed of spaces.
public enum OpenTriviaDBFormat {
  /// How the API was asked to encode its text: its `encode` parameter.
  public enum Encoding: String, Sendable, CaseIterable {
    /// No `encode` parameter: HTML character references.
    case html
    /// `encode=url3986` (and `encode=urlLegacy`): percent-encoded UTF-8.
    case url3986
    /// `encode=base64`: Base64 of UTF-8.
    case base64

    /// The encoding an `encode` query value asks for; nil for one the API does not know.
    public init?(parameter: String) {
      switch parameter.lowercased() {
      case "": self = .html
      case "url3986", "urllegacy": self = .url3986
      case "base64": self = .base64
      default: return nil
      }
    }
  }

  /// The sentence for a response code other than 0, or nil for 0 and unknown codes.
  public static func message(forResponseCode code: Int) -> String? {
    switch code {
    case 1:
      "Open Trivia DB has not enough questions for this request (response code 1, no results); "
        + "ask for fewer questions, or another difficulty or category."
    case 2:
      "Open Trivia DB says a parameter of the request is invalid (response code 2); check the URL."
    case 3:
      "Open Trivia DB does not know the session token (response code 3, token not found); "
        + "request a new token or leave it out."
    case 4:
      "Open Trivia DB has served every question for this session token (response code 4, token empty); "
        + "reset the token to play them again."
    case 5:
      rateLimitMessage + " (response code 5)"
    default: nil
    }
  }

  /// What to tell the player when the API limits the rate, by response code or HTTP 429.
  public static let rateLimitMessage =
    "Open Trivia DB allows one request every 5 seconds from each address; try again shortly"

  /// Reads a whole response. A result with a bad field is skipped and reported as
  /// `name: result N`; a response that is not JSON, has a non-zero response code, or no
  /// usable result, throws. `encoding` nil tells the encoding from the content. `locating`
  /// keeps where each question is.
  public static func decode(
    _ bytes: [UInt8], name: String, encoding: Encoding? = nil, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    try bytes.withUnsafeBufferPointer { bytes throws(DataSourceError) in
      try decode(bytes, name: name, encoding: encoding, locating: locating)
    }
  }

  static func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, name: String, encoding: Encoding? = nil, locating: Bool = false
  ) throws(DataSourceError) -> QuestionBank {
    let document = try JSON.parse(bytes, name: name, locating: locating)
    guard case .object(let root) = document else {
      throw DataSourceError(
        file: name,
        reason: "expected an Open Trivia DB response (an object with \"response_code\" and \"results\"), "
          + "found \(document.typeName)")
    }
    let rootPosition = root.start ?? SourcePosition(line: root.line)
    guard let codeValue = root["response_code"] else {
      throw DataSourceError(
        file: name, position: rootPosition, reason: "missing \"response_code\"; not an Open Trivia DB response")
    }
    let codePosition = root.position(of: "response_code") ?? rootPosition
    guard case .number(let codeNumber) = codeValue, let code = Int(exactly: codeNumber) else {
      throw DataSourceError(file: name, position: codePosition, reason: "\"response_code\" must be a whole number")
    }
    if code != 0 {
      var error = DataSourceError(
        message(forResponseCode: code) ?? "Open Trivia DB answered with unknown response code \(code).")
      error.position = locating ? codePosition : nil
      throw error
    }
    guard let list = root["results"] else {
      throw DataSourceError(file: name, position: rootPosition, reason: "missing the \"results\" array")
    }
    let listPosition = root.position(of: "results") ?? rootPosition
    guard case .array(let items, _) = list else {
      throw DataSourceError(
        file: name, position: listPosition, reason: "\"results\" must be an array, found \(list.typeName)")
    }
    guard !items.isEmpty else {
      throw DataSourceError(file: name, reason: "Open Trivia DB sent no questions")
    }
    let encoding = encoding ?? detectEncoding(items)
    var bank = QuestionBank(questions: [])
    bank.formats = [.openTriviaDB]
    bank.questions.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      let object: JSON.Object? = if case .object(let object) = item { object } else { nil }
      do {
        bank.questions.append(try question(from: item, encoding: encoding))
        if locating, let object {
          bank.locations.append(QuestionFileFormat.location(of: object, at: object.start ?? listPosition))
        }
      } catch {
        bank.skipped.append(
          .init(
            location: "\(name): result \(offset + 1)", reason: error.message,
            position: locating ? object?.start ?? listPosition : nil))
      }
    }
    try bank.requireQuestions(from: name)
    return bank
  }

  static let textFields = ["category", "type", "difficulty", "question", "correct_answer"]

  /// The encoding the results were written in, told from their content.
  static func detectEncoding(_ items: [JSON]) -> Encoding {
    var sawEscape = false
    var allPercentSafe = true
    for item in items {
      guard case .object(let object) = item else { continue }
      if case .string(let type) = object["type"] {
        let plain = type.lowercased()
        if plain == "multiple" || plain == "boolean" {
          // Plain words: HTML or percent-encoding, told apart by the other fields.
        } else if let decoded = base64Decode(type), ["multiple", "boolean"].contains(decoded.lowercased()) {
          return .base64
        }
      }
      var texts = textFields.compactMap { field -> String? in
        if case .string(let text) = object[field] { return text }
        return nil
      }
      if case .array(let answers, _) = object["incorrect_answers"] {
        for case .string(let text) in answers { texts.append(text) }
      }
      for text in texts {
        let (safe, escape) = percentEncodingShape(text)
        allPercentSafe = allPercentSafe && safe
        sawEscape = sawEscape || escape
      }
    }
    return allPercentSafe && sawEscape ? .url3986 : .html
  }

  /// Whether `text` holds only what percent-encoding leaves as is (letters, digits, `-._~`,
  /// `+` for urlLegacy spaces, and `%XX`), and whether it holds a `%XX`.
  static func percentEncodingShape(_ text: String) -> (safe: Bool, hasEscape: Bool) {
    var hasEscape = false
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "+"):
        continue
      case UInt8(ascii: "%"):
        guard let high = iterator.next(), hexValue(high) != nil, let low = iterator.next(), hexValue(low) != nil
        else { return (false, hasEscape) }
        hasEscape = true
      default: return (false, hasEscape)
      }
    }
    return (true, hasEscape)
  }

  static func question(from item: JSON, encoding: Encoding) throws(DataSourceError) -> Question {
    guard case .object(let object) = item else {
      throw DataSourceError("expected an object, found \(item.typeName)")
    }
    let category = try text(object, "category", encoding)
    let difficultyName = try text(object, "difficulty", encoding)
    guard let difficulty = Difficulty(rawValue: difficultyName.lowercased()) else {
      throw DataSourceError("\"difficulty\" must be easy, medium or hard, not \"\(difficultyName)\"")
    }
    let typeName = try text(object, "type", encoding)
    guard let kind = Question.Kind(rawValue: typeName.lowercased()) else {
      throw DataSourceError("\"type\" must be multiple or boolean, not \"\(typeName)\"")
    }
    var correct = try text(object, "correct_answer", encoding)
    var incorrect = try texts(object, "incorrect_answers", encoding)
    if kind == .boolean {
      // The API writes True and False; accept any case, and show them one way.
      correct = booleanWord(correct)
      incorrect = incorrect.map(booleanWord)
    }
    let question = Question(
      category: category, difficulty: difficulty, kind: kind, text: try text(object, "question", encoding),
      correctAnswer: correct, incorrectAnswers: incorrect)
    try QuestionFileFormat.validate(question)
    return question
  }

  static func booleanWord(_ text: String) -> String {
    switch text.lowercased() {
    case "true": "True"
    case "false": "False"
    default: text
    }
  }

  static func text(_ object: JSON.Object, _ field: String, _ encoding: Encoding) throws(DataSourceError) -> String {
    guard let value = object[field] else { throw DataSourceError("missing field \"\(field)\"") }
    guard case .string(let string) = value else {
      throw DataSourceError("\"\(field)\" must be a string, found \(value.typeName)")
    }
    let trimmed = try decodeText(string, field: field, encoding).trimmedSpaces
    guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\" is empty") }
    return trimmed
  }

  static func texts(_ object: JSON.Object, _ field: String, _ encoding: Encoding) throws(DataSourceError)
    -> [String]
  {
    guard let value = object[field] else { throw DataSourceError("missing field \"\(field)\"") }
    guard case .array(let items, _) = value else {
      throw DataSourceError("\"\(field)\" must be an array of strings, found \(value.typeName)")
    }
    var result: [String] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      guard case .string(let string) = item else {
        throw DataSourceError("\"\(field)\"[\(index)] must be a string, found \(item.typeName)")
      }
      let trimmed = try decodeText(string, field: "\(field)[\(index)]", encoding).trimmedSpaces
      guard !trimmed.isEmpty else { throw DataSourceError("\"\(field)\"[\(index)] is empty") }
      result.append(trimmed)
    }
    return result
  }

  static func decodeText(_ text: String, field: String, _ encoding: Encoding) throws(DataSourceError) -> String {
    switch encoding {
    case .html:
      return HTMLEntities.decode(text)
    case .url3986:
      guard let decoded = percentDecode(text) else {
        throw DataSourceError("\"\(field)\" is not valid percent-encoding")
      }
      return decoded
    case .base64:
      guard let decoded = base64Decode(text) else { throw DataSourceError("\"\(field)\" is not valid Base64") }
      return decoded
    }
  }

  /// Percent-decoded UTF-8, with `+` read as a space; nil for a `%` without two hex digits.
  /// Invalid UTF-8 becomes U+FFFD.
  public static func percentDecode(_ text: String) -> String? {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
          return nil
        }
        output.append(high << 4 | low)
      case UInt8(ascii: "+"): output.append(UInt8(ascii: " "))
      default: output.append(byte)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Base64 (standard alphabet, `=` padding optional, no line breaks) decoded as UTF-8;
  /// nil when it is not Base64. Invalid UTF-8 becomes U+FFFD.
  public static func base64Decode(_ text: String) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        continue
      default: return nil
      }
      guard padding == 0 else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    // Whole groups of four characters, counting padding; 1 leftover character is never valid.
    let characters = text.utf8.count
    guard (characters - padding) % 4 != 1, padding <= 2 else { return nil }
    if padding > 0, characters % 4 != 0 { return nil }
    return String(decoding: output, as: UTF8.self)
  }
}

func hexValue(_ byte: UInt8) -> UInt8? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
  case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
  case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
  default: nil
  }
}
