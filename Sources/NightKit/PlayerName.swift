// The standard library's own canonical decomposition: FoundationEssentials has none, and
// Foundation's costs its start-up.
@_spi(_Unicode) import Swift

/// The rules for a player's name in a night: 1 to 20 characters once trimmed of spaces and
/// invisible characters, no control characters (they would move a terminal's cursor), and
/// unique once folded by `key`, so that two players never look the same on a standings screen.
/// A name is kept as it shows: invisible parts that join or mark nothing are dropped, so that
/// the page, the big screen and a terminal draw the same text.
public enum PlayerName {
  public static let maxLength = 20

  /// Code points in one character, at most: the longest emoji there is, a family of four with
  /// a skin tone each, is 11; a letter stacked with dozens of marks would draw over the rows
  /// around it on a standings screen.
  public static let maxCharacterParts = 12

  /// A name's bytes in UTF-8 once trimmed, at most. A character can hold any number of code
  /// points (an emoji followed by a thousand invisible tags is one), and each name goes to every
  /// player in the room's messages: 50 names of 5 characters and 4 KiB each made every welcome
  /// 77 KB (issue 35). Twenty of the longest emoji there are fit with room to spare: a kiss with
  /// two skin tones is ten code points and 35 bytes, a subdivision's flag (Scotland's) 28 to 32,
  /// a family of four with a tone each would be 41; a letter of any script with its marks, or an
  /// Indic conjunct, is a few code points of 3 bytes. So 20 × 41 = 820 is the most a name a
  /// person would choose takes, and 1,024 refuses only characters padded with what does not show.
  public static let maxBytes = 1_024

  /// The trimmed name, or the one rule it breaks.
  public static func validate(_ raw: String, taken: [String]) -> Result<String, NameRefusal> {
    var holders: [String: String] = [:]
    for name in taken where holders[key(name)] == nil {
      holders[key(name)] = name
    }
    return validate(raw) { holders[$0] }
  }

  /// As `validate(_:taken:)`, asking `holder` which name, if any, already has the name's `key`:
  /// a room with thousands of players keeps its keys in a dictionary rather than folding every
  /// name at each join.
  public static func validate(_ raw: String, holder: (_ key: String) -> String?) -> Result<String, NameRefusal> {
    let name = trimmed(raw)
    if name.isEmpty { return .failure(.empty) }
    if name.count > maxLength { return .failure(.tooLong) }
    if name.utf8.count > maxBytes { return .failure(.tooManyBytes) }
    if name.contains(where: isControl) { return .failure(.controlCharacter) }
    if name.contains(where: { $0.unicodeScalars.count > maxCharacterParts }) { return .failure(.crowdedCharacter) }
    let shown = shown(name)
    let key = key(shown)
    if key.isEmpty { return .failure(.empty) }
    if let holder = holder(key) { return .failure(.taken(shown, by: holder)) }
    return .success(shown)
  }

  /// What two names are compared by, so that names that look alike are one name: each code
  /// point's compatibility form (NFKC: "Ａnn", "𝐀nn") and its Unicode confusables prototype
  /// (the UTS #39 skeleton: Cyrillic "Аnn"), decomposed, with accents (nonspacing marks) and
  /// every default-ignorable code point dropped (variation selectors, and the joiners and tags
  /// between emoji too: "😀‍Kim" is "😀Kim", "Lu😀‍😀" is "Lu😀😀"), runs of spaces as one,
  /// lowercased; twice, so that what lowercasing makes is folded too. "Zoë", "zoe", "ZOE" and
  /// "Ζое" are one name. Only a subdivision's flag keeps its tags: they are what tells
  /// Scotland's from Wales'.
  public static func key(_ name: String) -> String {
    fold(fold(name))
  }

  private static func fold(_ text: String) -> String {
    var mapped = String.UnicodeScalarView()
    for scalar in text._nfd {
      if let folded = Confusables.folds[scalar.value] {
        mapped.append(contentsOf: folded)
      } else {
        mapped.append(scalar)
      }
    }
    var kept = String.UnicodeScalarView()
    var space = false
    for character in String(mapped) {
      let flag = isSubdivisionFlag(character)
      for scalar in String(character)._nfd {
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || (isIgnorable(scalar) && !(flag && isTag(scalar))) { continue }
        if category == .spaceSeparator {
          space = !kept.isEmpty
          continue
        }
        if space {
          kept.append(" ")
          space = false
        }
        kept.append(scalar)
      }
    }
    return String(kept).lowercased()
  }

  /// The name without the spaces (any width: U+00A0, U+2000...U+200A, U+3000) and blank
  /// characters (U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN BLANK) at either end.
  private static func trimmed(_ raw: String) -> String {
    let isBlank = { (character: Character) in
      character.unicodeScalars.allSatisfy { scalar in
        let category = scalar.properties.generalCategory
        return category == .spaceSeparator || (category != .format && isInvisible(scalar))
      }
    }
    return String(raw.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }

  /// Default-ignorable code points (fillers, zero-width characters, variation selectors, the
  /// joiner and tags) and the blank braille pattern: they show nothing of their own.
  private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x2800 || scalar.properties.isDefaultIgnorableCodePoint
  }

  /// As `isIgnorable`, but not the joiner and tags, which an emoji may be made of.
  private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    isIgnorable(scalar) && !(scalar == "\u{200D}" || isTag(scalar))
  }

  private static func isTag(_ scalar: Unicode.Scalar) -> Bool { (0xE0020...0xE007F).contains(scalar.value) }

  /// A black flag, tags, and the cancel tag that ends them: England's, Scotland's, Wales'.
  private static func isSubdivisionFlag(_ character: Character) -> Bool {
    let scalars = Array(character.unicodeScalars)
    guard scalars.count > 2, scalars.first == "\u{1F3F4}", scalars.last == "\u{E007F}" else { return false }
    return scalars.dropFirst().dropLast().allSatisfy { (0xE0020...0xE007E).contains($0.value) }
  }

  /// The name as it shows: a joiner only between two emoji, tags only in a subdivision's flag,
  /// an emoji's variation selector only after a character it can change. Where else they are,
  /// a page, a big screen and a terminal draw them differently or not at all.
  private static func shown(_ name: String) -> String {
    var kept = String.UnicodeScalarView()
    for character in name {
      let flag = isSubdivisionFlag(character)
      let scalars = Array(character.unicodeScalars)
      for (index, scalar) in scalars.enumerated() {
        guard isIgnorable(scalar) else {
          kept.append(scalar)
          continue
        }
        let before = index > 0 ? scalars[index - 1] : nil
        let after = index + 1 < scalars.count ? scalars[index + 1] : nil
        let keep: Bool
        switch scalar.value {
        case 0x200D: keep = before.map(isEmojiPart) == true && after.map(isPictograph) == true
        case 0xE0020...0xE007F: keep = flag
        case 0xFE0E, 0xFE0F: keep = before?.properties.isEmoji == true
        default: keep = true
        }
        if keep { kept.append(scalar) }
      }
    }
    return String(kept)
  }

  /// What may come before a joiner in an emoji: a pictograph, a skin tone, a presentation
  /// selector.
  private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
    isPictograph(scalar) || scalar.properties.isEmojiModifier || scalar.value == 0xFE0F
  }

  /// An emoji's picture: emoji but the digits, `#`, `*`, `©` and `®` that may become one.
  private static func isPictograph(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isEmoji && scalar.value > 0xFF
  }

  /// Cc, Cf, line and paragraph separators; but the joiner and tags inside an emoji (a family,
  /// a flag of England) are Cf too, and an emoji is one character people may well choose.
  private static func isControl(_ character: Character) -> Bool {
    let scalars = character.unicodeScalars
    let emoji = scalars.count > 1 && scalars.first!.properties.isEmoji && scalars.first!.value > 0x7F
    return scalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .lineSeparator, .paragraphSeparator: return true
      case .format: return !(emoji && (scalar == "\u{200D}" || (0xE0020...0xE007F).contains(scalar.value)))
      default: return false
      }
    }
  }
}

extension Confusables {
  /// `table` read: each code point that folds, and what it folds to.
  static let folds: [UInt32: [Unicode.Scalar]] = {
    var folds: [UInt32: [Unicode.Scalar]] = [:]
    folds.reserveCapacity(6_400)
    var code: UInt32 = 0
    var value: UInt32 = 0
    var target: [Unicode.Scalar] = []
    var inTarget = false
    func end() {
      guard inTarget, let scalar = Unicode.Scalar(value) else { return }
      target.append(scalar)
      folds[code] = target
      target = []
      inTarget = false
    }
    for byte in table.utf8 {
      switch byte {
      case UInt8(ascii: ":"):
        code = value
        value = 0
        inTarget = true
      case UInt8(ascii: "."):
        if let scalar = Unicode.Scalar(value) { target.append(scalar) }
        value = 0
      case UInt8(ascii: " "), UInt8(ascii: "\n"):
        end()
        value = 0
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
      default:
        value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
      }
    }
    end()
    return folds
  }()
}

/// Why a name was refused, said in one sentence to the player.
public enum NameRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  case tooLong
  /// Few characters, but over `PlayerName.maxBytes`: what pads them does not show.
  case tooManyBytes
  case controlCharacter
  /// One character of more than `PlayerName.maxCharacterParts` code points.
  case crowdedCharacter
  /// The name, and the name already in that it looks like.
  case taken(String, by: String)

  public var description: String {
    switch self {
    case .empty: "A name needs at least one character that shows."
    case .tooLong: "A name has at most \(PlayerName.maxLength) characters."
    case .tooManyBytes:
      // 1,024: PlayerName.maxBytes.
      "A name is at most 1,024 bytes: its characters hide too many invisible parts."
    case .controlCharacter: "A name cannot hold control characters."
    case .crowdedCharacter:
      // 12: PlayerName.maxCharacterParts.
      "A character of a name has at most 12 parts: letters stacked with marks draw over other names."
    case .taken(let name, let holder) where name == holder: "The name \(name) is taken."
    case .taken(let name, let holder): "The name \(name) is taken: it looks like \(holder)."
    }
  }
}
