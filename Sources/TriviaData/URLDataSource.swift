import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Questions from the Open Trivia DB API, or a server that answers the same way, over
/// `http://` or `https://`.
///
/// Each load asks for the round's `amount` (1–50) and, unless the round is mixed, its
/// `difficulty`, when the URL does not already say. The `encode` parameter of the URL, if
/// any, tells how the text comes; without it the encoding is told from the content. A load
/// gives up after `timeout` seconds, refuses a body over `maximumBodySize` bytes, and turns
/// HTTP and network failures into sentences.
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
    case .tooLarge:
      throw DataSourceError(
        "\(name) sent more than \(Self.sizeText(maximumBodySize)), too much for a list of questions.")
    case .timedOut:
      throw DataSourceError("\(name) did not answer within \(Self.secondsText(timeout)); try again later.")
    case .cancelled:
      throw DataSourceError("Loading from \(name) was cancelled.")
    case .failed(let error):
      throw DataSourceError(Self.message(for: error, url: target, name: name, timeout: timeout))
    }
    return try OpenTriviaDBFormat.decode(body, name: name, encoding: requestedEncoding)
  }

  /// The sentence for an HTTP status that is not success, or nil for 2xx.
  static func message(forStatus status: Int, name: String) -> String? {
    switch status {
    case 200..<300: nil
    case 429: OpenTriviaDBFormat.rateLimitMessage + " (HTTP 429)."
    case 500..<600: "\(name) has a server error (HTTP \(status)); try again later."
    case 404: "\(name) has no such page (HTTP 404); check the URL."
    default:
      "\(name) refused the request (HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status)))."
    }
  }

  /// The sentence for a network failure.
  static func message(for error: any Error, url: URL, name: String, timeout: Double) -> String {
    let host = url.host ?? name
    guard let error = error as? URLError else { return "Cannot reach \(host): \(error.localizedDescription)" }
    switch error.code {
    case .timedOut: return "\(name) did not answer within \(secondsText(timeout)); try again later."
    case .cannotConnectToHost:
      return "Cannot connect to \(host): nothing answers there, or the connection was refused."
    case .cannotFindHost, .dnsLookupFailed:
      return "Cannot find the server \(host); check the address and the network connection."
    case .notConnectedToInternet: return "No network connection; cannot reach \(host)."
    case .networkConnectionLost: return "The connection to \(host) was lost; try again."
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return "Cannot make a secure connection to \(host)."
    case .badServerResponse: return "\(host) sent an answer that is not valid HTTP."
    case .cancelled: return "Loading from \(name) was cancelled."
    default: return "Cannot reach \(host): \(error.localizedDescription)"
    }
  }

  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0
      ? "\(bytes >> 20) MB" : "\(LoadSummary.grouped(bytes)) \(bytes == 1 ? "byte" : "bytes")"
  }

  static func secondsText(_ seconds: Double) -> String {
    let whole = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    return "\(whole) \(seconds == 1 ? "second" : "seconds")"
  }
}

/// One GET with an overall deadline and a cap on the body, on its own URLSession.
private final class Fetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  enum Outcome: Sendable {
    case finished(status: Int, body: [UInt8])
    case tooLarge
    case timedOut
    case cancelled
    case failed(any Error)
  }

  private let limit: Int
  // Guarded by `lock`.
  private let lock = NSLock()
  private var body = Data()
  private var status = 0
  private var outcome: Outcome?
  private var continuation: CheckedContinuation<Outcome, Never>?
  private var task: URLSessionDataTask?
  private var timer: DispatchWorkItem?

  private init(limit: Int) {
    self.limit = limit
  }

  static func run(url: URL, timeout: Double, limit: Int) async -> Outcome {
    let fetch = Fetch(limit: limit)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.urlCache = nil
    configuration.httpAdditionalHeaders = ["Accept": "application/json"]
    let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    var request = URLRequest(url: url)
    request.timeoutInterval = timeout
    let task = session.dataTask(with: request)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        fetch.start(task, continuation: continuation, timeout: timeout)
      }
    } onCancel: {
      fetch.finish(.cancelled)
    }
  }

  private func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Outcome, Never>, timeout: Double) {
    lock.lock()
    if let outcome {
      // Cancelled before it began.
      lock.unlock()
      continuation.resume(returning: outcome)
      return
    }
    self.continuation = continuation
    self.task = task
    // The whole fetch, not just each wait for data, must end within the timeout.
    let timer = DispatchWorkItem { [weak self] in self?.finish(.timedOut) }
    self.timer = timer
    lock.unlock()
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
    task.resume()
  }

  /// Ends the fetch with `outcome`, unless it has ended already.
  func finish(_ outcome: Outcome) {
    lock.lock()
    guard self.outcome == nil else {
      lock.unlock()
      return
    }
    self.outcome = outcome
    let continuation = self.continuation
    let task = self.task
    let timer = self.timer
    self.continuation = nil
    self.timer = nil
    lock.unlock()
    timer?.cancel()
    if case .finished = outcome {} else { task?.cancel() }
    continuation?.resume(returning: outcome)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    lock.lock()
    self.status = status
    lock.unlock()
    // Only a successful answer's body matters; refuse a big one before it comes.
    if (200..<300).contains(status), response.expectedContentLength > Int64(limit) {
      completionHandler(.cancel)
      finish(.tooLarge)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    lock.lock()
    let tooLarge = body.count + data.count > limit
    if !tooLarge { body.append(data) }
    lock.unlock()
    if tooLarge { finish(.tooLarge) }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    lock.lock()
    let status = self.status
    let body = [UInt8](self.body)
    lock.unlock()
    if let error {
      finish(.failed(error))
    } else {
      finish(.finished(status: status, body: body))
    }
  }
}
