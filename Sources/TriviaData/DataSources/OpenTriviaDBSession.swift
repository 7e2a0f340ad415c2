import FoundationEssentials

/// One load from the Open Trivia DB API with a session token, so that the server serves no
/// question twice until every one that fits the request has been served.
///
/// The token kept for the server is used while it is fresh, else a new one is requested; a
/// load goes on without one when that fails, and the question request speaks for itself.
/// Response code 3 (token not found) gets a new token, code 4 (token empty) resets it; either
/// way the request is sent once more. The server allows one request every 5 seconds, perhaps
/// counting token requests too: a rate limit met after an earlier request of the same load
/// is waited out once.
final class OpenTriviaDBSession {
  /// What the player is told when the token was reset.
  static let resetNote =
    "Open Trivia DB had served every question for this choice, so its session was reset: "
    + "questions may repeat from now on."

  let source: URLDataSource
  let tokens: OpenTriviaDBTokenStore
  /// `https://opentdb.com`: the server the token belongs to, and the key it is kept under.
  let server: String
  /// `https://opentdb.com/api_token.php`.
  let tokenEndpoint: URLComponents
  /// Requests made so far.
  private var calls = 0

  /// A session for `source`, or nil when its URL is not the API's `…/api.php` or already
  /// has a token of its own.
  init?(source: URLDataSource, tokens: OpenTriviaDBTokenStore) {
    guard var components = URLComponents(url: source.url, resolvingAgainstBaseURL: false),
      components.path.hasSuffix("/api.php"), let scheme = components.scheme, let host = components.host,
      !(components.queryItems ?? []).contains(where: { $0.name.lowercased() == "token" })
    else { return nil }
    components.path = String(components.path.dropLast("api.php".count)) + "api_token.php"
    components.query = nil
    components.fragment = nil
    self.source = source
    self.tokens = tokens
    tokenEndpoint = components
    server = "\(scheme.lowercased())://\(host.lowercased())" + (components.port.map { ":\($0)" } ?? "")
  }

  /// The questions `target` asks for, asked with the session's token.
  func load(_ target: URL) async throws(DataSourceError) -> QuestionBank {
    let (token, setAside) = tokens.token(for: server)
    // A token file moved aside is said with the load, or with its failure: once either way.
    do throws(DataSourceError) {
      var bank = try await load(target, token: token)
      if let setAside { bank.notes.insert(setAside, at: 0) }
      return bank
    } catch {
      throw setAside.map { DataSourceError("\($0) \(error.message)") } ?? error
    }
  }

  private func load(_ target: URL, token first: String?) async throws(DataSourceError) -> QuestionBank {
    var token = first
    if token == nil { token = await newToken() }
    var body = try await questions(target, token: token)
    var notes: [String] = []
    switch Self.responseCode(of: body) {
    case 3:
      token = await newToken()
      body = try await questions(target, token: token)
    case 4:
      if let used = token, let same = await reset(used) { token = same } else { token = await newToken() }
      body = try await questions(target, token: token)
      notes.append(Self.resetNote)
    default: break
    }
    if let token { tokens.keep(token, for: server) }
    var bank = try source.decode(body)
    bank.notes += notes
    return bank
  }

  private func questions(_ target: URL, token: String?) async throws(DataSourceError) -> [UInt8] {
    var url = target
    if let token, var components = URLComponents(url: target, resolvingAgainstBaseURL: false) {
      components.queryItems = (components.queryItems ?? []) + [URLQueryItem(name: "token", value: token)]
      url = components.url ?? target
    }
    return try source.body(of: await call(url), url: url)
  }

  /// A new token, or nil when the server gives none.
  private func newToken() async -> String? {
    await tokenCommand([URLQueryItem(name: "command", value: "request")])
  }

  /// `token`, emptied of the questions served, or nil when the server would not.
  private func reset(_ token: String) async -> String? {
    await tokenCommand([URLQueryItem(name: "command", value: "reset"), URLQueryItem(name: "token", value: token)])
      .map { _ in token }
  }

  /// The token of a successful answer to `api_token.php` with `query`.
  private func tokenCommand(_ query: [URLQueryItem]) async -> String? {
    var components = tokenEndpoint
    components.queryItems = query
    guard let url = components.url, case .finished(200..<300, let body) = await call(url),
      Self.responseCode(of: body) == 0, case .object(let root)? = try? JSON.parse(body),
      case .string(let token)? = root["token"], !token.isEmpty
    else { return nil }
    return token
  }

  /// Fetches `url`, once more after a pause when the server limits the rate right after
  /// another request of this load.
  private func call(_ url: URL) async -> FetchOutcome {
    var outcome = await Fetch.run(url: url, timeout: source.timeout, limit: source.maximumBodySize)
    if calls > 0, Self.isRateLimited(outcome) {
      try? await Task.sleep(for: .seconds(source.rateLimitPause))
      outcome = await Fetch.run(url: url, timeout: source.timeout, limit: source.maximumBodySize)
    }
    calls += 1
    return outcome
  }

  static func isRateLimited(_ outcome: FetchOutcome) -> Bool {
    guard case .finished(let status, let body) = outcome else { return false }
    return status == 429 || responseCode(of: body) == 5
  }

  /// The `response_code` of an API answer, if it is one.
  static func responseCode(of body: [UInt8]) -> Int? {
    guard case .object(let root)? = try? JSON.parse(body), case .number(let code)? = root["response_code"] else {
      return nil
    }
    return Int(exactly: code)
  }
}
