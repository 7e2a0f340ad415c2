import Foundation

extension String {
  /// A form for comparing what a person typed with a text: case, accents and runs of
  /// spaces do not matter.
  public var matchingKey: String {
    folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}

/// Reads a choice among `count` items typed as a number from 1, a letter from a, or the
/// item's text. Returns the index, or nil when the input names none of them.
public func choiceIndex(_ input: String, among items: [String]) -> Int? {
  let key = input.matchingKey
  if let number = Int(key), items.indices.contains(number - 1) { return number - 1 }
  if key.count == 1, let scalar = key.unicodeScalars.first, ("a"..."z").contains(scalar) {
    let index = Int(scalar.value) - Int(("a" as Unicode.Scalar).value)
    if items.indices.contains(index) { return index }
  }
  return items.firstIndex { $0.matchingKey == key }
}
