/// How hard a question is, as the question banks label it.
public enum Difficulty: String, CaseIterable, Sendable, Codable, Comparable {
  case easy
  case medium
  case hard

  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  public static func < (lhs: Difficulty, rhs: Difficulty) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// The difficulty a player asks for: one level, or all of them.
public enum DifficultyChoice: String, CaseIterable, Sendable, Codable {
  case mixed
  case easy
  case medium
  case hard

  public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

  /// The level to keep, or nil for every level.
  public var level: Difficulty? { Difficulty(rawValue: rawValue) }

  /// Whether a question of `difficulty` (nil when the source has none) may be played.
  public func admits(_ difficulty: Difficulty?) -> Bool {
    guard let level else { return true }
    return difficulty == level
  }
}
