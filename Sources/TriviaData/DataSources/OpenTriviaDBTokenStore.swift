import FoundationEssentials

/// The Open Trivia DB session tokens kept between loads and between runs, one per server,
/// each with when it was last used: `$XDG_STATE_HOME/trivia/opentdb-token.json`.
///
/// The server forgets a token after six hours without a request, so an older one is not
/// offered; nor is one last used in the future (past a few minutes of clock skew), which the
/// file cannot rightly say: the file is damaged. The file is a convenience: when it is missing, damaged or cannot be written, a
/// new token is requested and the game plays on (a damaged one kept aside, and said).
public struct OpenTriviaDBTokenStore: Sendable {
  /// How long the server keeps a token nobody uses: six hours.
  public static let lifetime: Double = 6 * 60 * 60
  /// How far in the future a token's last use may lie: another machine's clock, or this one
  /// set back a little. Further on (or not a finite time), the file is damaged: a `lastUsed`
  /// of 1e308 would keep a token fresh for ever.
  public static let clockSkew: Double = 5 * 60

  public let path: String
  /// The time now; tests set another.
  let now: @Sendable () -> Date

  public init(path: String, now: @escaping @Sendable () -> Date = { Date() }) {
    self.path = path
    self.now = now
  }

  public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    XDGDirectory.state.path(environment: environment) + "/trivia/opentdb-token.json"
  }

  /// What is kept for one server.
  struct Entry: Codable, Equatable {
    var token: String
    /// Seconds since 1970.
    var lastUsed: Double
  }

  /// The token kept for `server` (`https://opentdb.com`), unless it has lapsed; and, when
  /// the file could not be used and was moved aside, the sentence that says so.
  func token(for server: String) -> (token: String?, note: String?) {
    let (entries, note) = read()
    return (entries[server]?.token, note)
  }

  /// Keeps `token` for `server`, used now. Lapsed tokens of other servers are dropped.
  func keep(_ token: String, for server: String) {
    var entries = read().entries
    entries[server] = Entry(token: token, lastUsed: now().timeIntervalSince1970)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(entries) else { return }
    try? AtomicFile.write(data, to: path)
  }

  /// The file's tokens that have not lapsed. One that cannot be used is moved aside, kept,
  /// before a new token is written in its place, and the sentence saying so is returned to
  /// be told, as for the other kept files.
  func read() -> (entries: [String: Entry], note: String?) {
    let entries: [String: Entry]
    switch KeptFile.read(path) {
    case .missing: return ([:], nil)
    case .unreadable(let reason): return ([:], setAside(because: reason))
    case .bytes(let bytes):
      guard let decoded = try? JSONDecoder().decode([String: Entry].self, from: Data(bytes)) else {
        return ([:], setAside(because: "is not a valid token file"))
      }
      entries = decoded
    }
    let now = now().timeIntervalSince1970
    guard entries.values.allSatisfy({ $0.lastUsed.isFinite && $0.lastUsed <= now + Self.clockSkew }) else {
      return ([:], setAside(because: "says a token was last used in the future"))
    }
    return (entries.filter { !$0.value.token.isEmpty && now - $0.value.lastUsed < Self.lifetime }, nil)
  }

  private func setAside(because reason: String) -> String {
    KeptFile.setAside(path, because: reason, instead: "a new token is asked for")
  }
}
