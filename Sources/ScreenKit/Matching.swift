extension String {
  /// A form for comparing what a person typed with a text: case, accents, full-width
  /// forms and runs of spaces do not matter.
  public var matchingKey: String {
    var folded = String.UnicodeScalarView()
    for scalar in lowercased().unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
      folded.append(BaseLetters.plain(scalar))
    }
    return String(folded).lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

extension BaseLetters {
  /// The letter without its accents, and a full-width form (`Ａ`, `１`) as ASCII.
  static func plain(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let value = scalar.value
    if value < 0xC0 { return scalar }
    if (0xFF01...0xFF5E).contains(value) { return Unicode.Scalar(value - 0xFEE0) ?? scalar }
    var low = 0
    var high = accented.count
    while low < high {
      let middle = (low + high) / 2
      if accented[middle] < value { low = middle + 1 } else { high = middle }
    }
    guard low < accented.count, accented[low] == value else { return scalar }
    return Unicode.Scalar(bases[low]) ?? scalar
  }
}

/// How choices are labelled, so that what a person types means one thing: by number from
/// 1, or by letter from a when any choice is itself a number ("How many lines has a staff?"
/// 5, 6, 4, 7), where a typed number is then always a choice's text.
public enum ChoiceLabels: Equatable, Sendable {
  case numbers
  case letters

  public init(for items: [String]) {
    self = items.count <= 26 && items.contains(where: Self.isNumber) ? .letters : .numbers
  }

  /// `12`, `1,000`, `-273.15`. Asked on every draw and every answer, so most texts are
  /// turned away by their first character.
  static func isNumber(_ text: String) -> Bool {
    let bytes = text.utf8.filter { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: " ") }
    guard let first = bytes.first,
      first == UInt8(ascii: "-") || first == UInt8(ascii: ".") || (0x30...0x39).contains(first)
    else { return false }
    return Double(String(decoding: bytes, as: UTF8.self)) != nil
  }

  /// The label shown beside the item at `index`: `3` or `c`.
  public func label(_ index: Int) -> String {
    switch self {
    case .numbers: String(index + 1)
    case .letters: String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index)))
    }
  }
}

/// Reads a choice typed as its label (a number from 1 or a letter from a, as shown beside
/// the items), or as the item's text. Returns the index, or nil when the input names none.
public func choiceIndex(_ input: String, among items: [String]) -> Int? {
  let key = input.matchingKey
  if ChoiceLabels(for: items) == .numbers {
    // Checked before subtracting: `Int.min - 1` would trap.
    if let number = Int(key), number >= 1, number <= items.count { return number - 1 }
  }
  if let index = letterIndex(key), items.indices.contains(index) { return index }
  return items.firstIndex { $0.matchingKey == key }
}

/// How to type a choice among `items`, for help: `1-4, a-d or the answer`, or `a-d or the
/// answer` where the items are numbers.
public func choiceUsage(for items: [String], noun: String) -> String {
  let lastLetter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(max(0, min(items.count, 26) - 1))))
  let letters = "a-\(lastLetter) or the \(noun)"
  return ChoiceLabels(for: items) == .letters ? letters : "1-\(items.count), " + letters
}

private func letterIndex(_ key: String) -> Int? {
  guard key.unicodeScalars.count == 1, let scalar = key.unicodeScalars.first, ("a"..."z").contains(scalar) else {
    return nil
  }
  return Int(scalar.value) - Int(("a" as Unicode.Scalar).value)
}

extension String {
  /// The words a name is matched by: its matching key cut at anything not a letter or a
  /// digit, "and" left out, so that "Food & Drink" and "food and drink" are the same words.
  var matchingWords: [Substring] {
    matchingKey.split { !$0.isLetter && !$0.isNumber }.filter { $0 != "and" }
  }

  /// The names among `names` that this text, typed by a person, asks for: the same name
  /// however it is typed; else those with the same words ("food and drink" for "Food &
  /// Drink"); else those whose words begin with its words ("film" for "Film & TV").
  public func matchingNames(in names: some Sequence<String>) -> [String] {
    let key = matchingKey
    let names = Array(names)
    let same = names.filter { $0.matchingKey == key }
    guard same.isEmpty else { return same }
    let words = matchingWords
    guard !words.isEmpty else { return [] }
    let sameWords = names.filter { $0.matchingWords == words }
    guard sameWords.isEmpty else { return sameWords }
    return names.filter { $0.matchingWords.starts(with: words) }
  }
}
