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

  public init(url: URL, timeout: Double = Self.defaultTimeout, maximumBodySize: Int = Self.defaultMaximumBodySize) {
    self.url = url
    self.timeout = timeout
    self.maximumBodySize = maximumBodySize
  }

  /// A source for an `http://` or `https://` URL; nil for anything else.
  public init?(
    _ string: String, timeout: Double = Self.defaultTimeout, maximumBodySize: Int = Self.defaultMaximumBodySize
  ) {
    guard let url = URL(string: string), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host != nil
    else { return nil }
    self.init(url: url, timeout: timeout, maximumBodySize: maximumBodySize)
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
    let outcome = await Fetch.run(url: target, timeout: timeout, limit: maximumBodySize)
    let body: [UInt8]
    switch outcome {
    case .finished(let status, let bytes):
      if let message = Self.message(forStatus: status, name: name) { throw DataSourceError(message) }
      body = bytes
    case .tooLarge: throw DataSourceError(Self.tooLargeMessage(name: name, limit: maximumBodySize))
    case .timedOut: throw DataSourceError(Self.timedOutMessage(name: name, timeout: timeout))
    case .cancelled: throw .cancelled(loading: name)
    case .failed(let code, let detail):
      throw DataSourceError(
        Self.message(
          forCurlCode: code, detail: detail, url: target, name: name, timeout: timeout, limit: maximumBodySize))
    case .unavailable(let detail): throw DataSourceError(Self.libcurlMissingMessage(detail: detail))
    }
    return try OpenTriviaDBFormat.decode(body, name: name, encoding: requestedEncoding)
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
