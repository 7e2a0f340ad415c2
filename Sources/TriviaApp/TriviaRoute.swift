import FoundationEssentials
import Glibc
import TriviaData

/// Places in the app a link can lead to: `trivia://play?difficulty=hard&count=5`.
public enum TriviaRoute: Hashable, Sendable {
  case landing
  case play(PlayRequest)
  case options
  case difficulty
  case source(String)

  /// What a `play` link asks for; a missing field means "as in the options".
  public struct PlayRequest: Codable, Hashable, Sendable {
    public var difficulty: DifficultyChoice?
    public var count: Int?
    public var category: String?

    public init(difficulty: DifficultyChoice? = nil, count: Int? = nil, category: String? = nil) {
      self.difficulty = difficulty
      self.count = count
      self.category = category
    }
  }

  public static let scheme = "trivia"

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
      try allow(["difficulty", "count", "category"])
      var request = PlayRequest()
      if let value = parameters["difficulty"] {
        guard let difficulty = DifficultyChoice(rawValue: value.lowercased()) else {
          throw DeepLinkError("difficulty must be mixed, easy, medium or hard, not '\(value)'")
        }
        request.difficulty = difficulty
      }
      if let value = parameters["count"] {
        guard let count = Int(value), GameOptions.countRange.contains(count) else {
          throw DeepLinkError("count must be a whole number from 1 to 50, not '\(value)'")
        }
        request.count = count
      }
      if let value = parameters["category"] {
        guard !value.isEmpty else { throw DeepLinkError("category must not be empty") }
        request.category = value
      }
      self = .play(request)
    default:
      throw DeepLinkError("unknown place '\(place)': expected landing, play, options, difficulty or source")
    }
  }

  /// The link for this route; reading it back gives the same route.
  public var link: String {
    var components = URLComponents()
    components.scheme = Self.scheme
    var items: [URLQueryItem] = []
    switch self {
    case .landing: components.host = "landing"
    case .options: components.host = "options"
    case .difficulty: components.host = "difficulty"
    case .source(let spec):
      components.host = "source"
      items.append(URLQueryItem(name: "spec", value: spec))
    case .play(let request):
      components.host = "play"
      if let difficulty = request.difficulty {
        items.append(URLQueryItem(name: "difficulty", value: difficulty.rawValue))
      }
      if let count = request.count { items.append(URLQueryItem(name: "count", value: String(count))) }
      if let category = request.category { items.append(URLQueryItem(name: "category", value: category)) }
    }
    if !items.isEmpty {
      components.percentEncodedQuery = items.map { item in
        "\(item.name)=\(Self.percentEncoded(item.value ?? ""))"
      }.joined(separator: "&")
    }
    return components.string ?? "trivia://landing"
  }

  /// `value` for a query: what a query may hold as it is, but for `&`, `=` and `+`, which
  /// would read as separators; every other byte of its UTF-8 as `%XX`.
  static func percentEncoded(_ value: String) -> String {
    let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$'()*,-./:;?@_~".utf8)
    var result = ""
    for byte in value.utf8 {
      if kept.contains(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        result += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return result
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
