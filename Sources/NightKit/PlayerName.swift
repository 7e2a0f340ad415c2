// The standard library's own canonical decomposition: FoundationEssentials has none, and
// Foundation's costs its start-up.
@_spi(_Unicode) import Swift

/// The rules for a player's name in a night: 1 to 20 characters once trimmed, no control
/// characters (they would move a terminal's cursor), unique ignoring case and accents so that
/// two players never look the same on a standings screen.
public enum PlayerName {
  public static let maxLength = 20

  /// The trimmed name, or the one rule it breaks.
  public static func validate(_ raw: String, taken: [String]) -> Result<String, NameRefusal> {
    let keys = Set(taken.map(key))
    return validate(raw) { keys.contains($0) }
  }

  /// As `validate(_:taken:)`, asking `isTaken` about the name's `key`: a room with thousands of
  /// players keeps its keys in a set rather than folding every name at each join.
  public static func validate(_ raw: String, isTaken: (_ key: String) -> Bool) -> Result<String, NameRefusal> {
    let name = String(raw.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    if name.isEmpty { return .failure(.empty) }
    if name.count > maxLength { return .failure(.tooLong) }
    if name.contains(where: isControl) { return .failure(.controlCharacter) }
    if isTaken(key(name)) { return .failure(.taken(name)) }
    return .success(name)
  }

  /// What two names are compared by: decomposed, accents (nonspacing marks) dropped,
  /// lowercased, so "Zoë", "zoe" and "ZOE" are one name.
  public static func key(_ name: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name._nfd where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars).lowercased()
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

/// Why a name was refused, said in one sentence to the player.
public enum NameRefusal: Error, Equatable, Sendable, CustomStringConvertible {
  case empty
  case tooLong
  case controlCharacter
  case taken(String)

  public var description: String {
    switch self {
    case .empty: "A name needs at least one character."
    case .tooLong: "A name has at most \(PlayerName.maxLength) characters."
    case .controlCharacter: "A name cannot hold control characters."
    case .taken(let name): "The name \(name) is taken (case and accents aside)."
    }
  }
}
