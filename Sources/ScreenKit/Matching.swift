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

/// Reads a choice typed as a number from 1, a letter from a, or the item's text. Numbers
/// and letters always mean positions, as shown beside the items, even when an item's text
/// is itself a number. Returns the index, or nil when the input names none of them.
public func choiceIndex(_ input: String, among items: [String]) -> Int? {
  let key = input.matchingKey
  // Checked before subtracting: `Int.min - 1` would trap.
  if let number = Int(key), number >= 1, number <= items.count { return number - 1 }
  if let index = letterIndex(key), items.indices.contains(index) { return index }
  return items.firstIndex { $0.matchingKey == key }
}

/// How to type a choice among `count` items, for help: `1-4, a-d or the answer`.
public func choiceUsage(count: Int, noun: String) -> String {
  let lastLetter = String(UnicodeScalar(UInt8(ascii: "a") + UInt8(max(0, min(count, 26) - 1))))
  return "1-\(count), a-\(lastLetter) or the \(noun)"
}

private func letterIndex(_ key: String) -> Int? {
  guard key.unicodeScalars.count == 1, let scalar = key.unicodeScalars.first, ("a"..."z").contains(scalar) else {
    return nil
  }
  return Int(scalar.value) - Int(("a" as Unicode.Scalar).value)
}
