import FoundationEssentials
import Glibc

/// Questions from the Open Trivia DB API, or a server that answers the same way, over
/// `http://` or `https://`.
///
/// Each load asks for the round's `amount` (1–50) and, unless the round is mixed, its
/// `difficulty`, when the URL does not already say. The `encode` parameter of the URL, if
/// any, tells how the text comes; without it the encoding is told from the content. A load
/// gives up after `timeout` seconds, refuses a body over `maximumBodySize` bytes, and turns
/// HTTP and network failures into sentences. libcurl does the fetching, opened at the first
/// load rather than linked, so a game that never goes to the web never loads it.
///
/// Given a token store, a URL of the API's shape (`…/api.php` without a `token`) is asked
/// with a session token, so that rounds do not repeat questions: see `OpenTriviaDBSession`.
public struct URLDataSource: DataSource {
  /// The Open Trivia DB API, which the spec `opentdb` stands for.
  public static let openTriviaDB = "https://opentdb.com/api.php"
  public static let defaultTimeout: Double = 10
  public static let defaultMaximumBodySize = 5 << 20

  public let url: URL
  /// Seconds a whole request may take.
  public var timeout: Double
  /// Larger answers are cut off and refused.
  public var maximumBodySize: Int
  /// Where session tokens are kept; nil asks without one.
  public var tokens: OpenTriviaDBTokenStore?
  /// Seconds to wait before asking again when the server limits the rate just after another
  /// request of the same load, a token request say: it allows one request every 5 seconds.
  public var rateLimitPause: Double = 5

  public init(
    url: URL, timeout: Double = Self.defaultTimeout, maximumBodySize: Int = Self.defaultMaximumBodySize,
    tokens: OpenTriviaDBTokenStore? = nil
  ) {
    self.url = url
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
    self.tokens = tokens
  }

  /// A source for an `http://` or `https://` URL; nil for anything else.
  public init?(
    _ string: String, timeout: Double = Self.defaultTimeout, maximumBodySize: Int = Self.defaultMaximumBodySize,
    tokens: OpenTriviaDBTokenStore? = nil
  ) {
    guard let url = URL(string: string), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { return nil }
    self.init(url: url, timeout: timeout, maximumBodySize: maximumBodySize, tokens: tokens)
  }

  /// `Open Trivia DB` for opentdb.com; otherwise the URL without its query.
  public var name: String {
    if let host = url.host?.lowercased(), host == "opentdb.com" || host.hasSuffix(".opentdb.com") {
      return "Open Trivia DB"
    }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
    components.query = nil
    components.fragment = nil
    return components.string ?? url.absoluteString
  }

  /// The URL a load for `request` fetches: this one, with `amount` and `difficulty` added
  /// when it lacks them.
  public func requestURL(for request: LoadRequest) -> URL {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
    var items = components.queryItems ?? []
    let names = Set(items.map { $0.name.lowercased() })
    if !names.contains("amount") {
      items.append(URLQueryItem(name: "amount", value: String(min(max(request.count, 1), 50))))
    }
    if !names.contains("difficulty"), let level = request.difficulty.level {
      items.append(URLQueryItem(name: "difficulty", value: level.rawValue))
    }
    components.queryItems = items
    return components.url ?? url
  }

  /// The encoding the URL asks for with `encode=`, if it names one the API knows.
  var requestedEncoding: OpenTriviaDBFormat.Encoding? {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    guard let value = components?.queryItems?.last(where: { $0.name.lowercased() == "encode" })?.value else {
      return nil
    }
    return OpenTriviaDBFormat.Encoding(parameter: value)
  }

  public func load(_ request: LoadRequest) async throws(DataSourceError) -> QuestionBank {
    let target = requestURL(for: request)
    if let tokens, let session = OpenTriviaDBSession(source: self, tokens: tokens) {
      return try await session.load(target)
    }
    return try decode(body(of: await Fetch.run(url: target, timeout: timeout, limit: maximumBodySize), url: target))
  }

  /// The body of a fetch of `url` that the server answered with success; any other end in words.
  func body(of outcome: FetchOutcome, url: URL) throws(DataSourceError) -> [UInt8] {
    switch outcome {
    case .finished(let status, let bytes):
      if let message = Self.message(forStatus: status, name: name) { throw DataSourceError(message) }
      return bytes
    case .tooLarge: throw DataSourceError(Self.tooLargeMessage(name: name, limit: maximumBodySize))
    case .timedOut: throw DataSourceError(Self.timedOutMessage(name: name, timeout: timeout))
    case .cancelled: throw .cancelled(loading: name)
    case .failed(let code, let detail):
      throw DataSourceError(
        Self.message(
          forCurlCode: code, detail: detail, url: url, name: name, timeout: timeout, limit: maximumBodySize))
    case .unavailable(let detail): throw DataSourceError(Self.libcurlMissingMessage(detail: detail))
    }
  }

  func decode(_ body: [UInt8]) throws(DataSourceError) -> QuestionBank {
    try OpenTriviaDBFormat.decode(body, name: name, encoding: requestedEncoding)
  }

  /// Each round asks the API for its own questions.
  public var loadsPerRound: Bool { true }
}

/// How one fetch ended.
enum FetchOutcome: Sendable, Equatable {
  /// An HTTP answer, whatever its status.
  case finished(status: Int, body: [UInt8])
  case tooLarge
  case timedOut
  case cancelled
  /// Any other failure: libcurl's error code and its words for it.
  case failed(code: Int, detail: String)
  /// libcurl could not be loaded, for the reason given.
  case unavailable(String)
}
