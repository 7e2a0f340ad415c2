import FoundationEssentials
import TriviaData

/// Places in the app a link can lead to: `trivia://play?difficulty=hard&count=5`.
public enum TriviaRoute: Hashable, Sendable {
  case landing
  case play(RoundRequest)
  case options
  case difficulty
  case source(String)

  public static let scheme = "trivia"

  /// A link to each place, as Tab offers them after `open`.
  public static let examples = [
    "trivia://landing", "trivia://play", "trivia://play?missed=1", "trivia://options", "trivia://difficulty",
    "trivia://source?spec=bundled",
  ]

  /// Reads a link, or says in one line why it cannot.
  public init(link: String) throws(DeepLinkError) {
    guard let components = URLComponents(string: link), components.scheme?.lowercased() == Self.scheme else {
      throw DeepLinkError(
        "'\(link)' is not a trivia link: expected trivia://landing, play, options, difficulty or source")
    }
    let place = (components.host ?? components.path).lowercased()
    var parameters: [String: String] = [:]
    for item in components.queryItems ?? [] {
      guard parameters[item.name] == nil else { throw DeepLinkError("'\(item.name)' is given twice in '\(link)'") }
      parameters[item.name] = item.value ?? ""
    }
    func allow(_ names: Set<String>) throws(DeepLinkError) {
      if let unknown = parameters.keys.sorted().first(where: { !names.contains($0) }) {
        throw DeepLinkError("trivia://\(place) does not take '\(unknown)'")
      }
    }
    switch place {
    case "landing":
      try allow([])
      self = .landing
    case "options":
      try allow([])
      self = .options
    case "difficulty":
      try allow([])
      self = .difficulty
    case "source":
      try allow(["spec"])
      guard let spec = parameters["spec"], !spec.isEmpty else {
        throw DeepLinkError("trivia://source needs spec, as in trivia://source?spec=bundled")
      }
      self = .source(spec)
    case "play":
      try allow(["difficulty", "count", "category", "missed", "time"])
      var request = RoundRequest()
      if let value = parameters["difficulty"] {
        guard let difficulty = DifficultyChoice(rawValue: value.lowercased()) else {
          throw DeepLinkError("difficulty must be mixed, easy, medium or hard, not '\(value)'")
        }
        request.difficulty = difficulty
      }
      if let value = parameters["count"] {
        guard let count = Int(value), GameOptions.countRange.contains(count) else {
          throw DeepLinkError("count must be a whole number \(GameOptions.countRangeText), not '\(value)'")
        }
        request.count = count
      }
      if let value = parameters["category"] {
        guard !value.isEmpty else { throw DeepLinkError("category must not be empty") }
        request.category = value
      }
      if let value = parameters["missed"] {
        guard ["1", "true", "0", "false"].contains(value.lowercased()) else {
          throw DeepLinkError("missed must be 1 or 0, not '\(value)'")
        }
        request.missed = ["1", "true"].contains(value.lowercased()) ? true : nil
      }
      if let value = parameters["time"] {
        guard let seconds = GameOptions.seconds(value) else {
          throw DeepLinkError("time must be \(GameOptions.timeRangeText) seconds, not '\(value)'")
        }
        request.time = seconds
      }
      self = .play(request)
    default:
      throw DeepLinkError("unknown place '\(place)': expected landing, play, options, difficulty or source")
    }
  }
}

/// Why a link was refused, in one line.
public struct DeepLinkError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
