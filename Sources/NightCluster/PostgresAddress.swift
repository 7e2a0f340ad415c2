/// Where a night's PostgreSQL is, from the URL a person types: `postgres://USER[:PASSWORD]@HOST
/// [:PORT][/DATABASE]`, as psql takes it. HOST may be a folder (`%2Frun%2Fpostgresql`): the
/// server's Unix socket in it. Parsed here, without Foundation's URL, so that its errors say
/// which part is wrong.
public struct PostgresAddress: Equatable, Sendable, CustomStringConvertible {
  public var user: String
  public var password: String?
  /// A host name or address, or a folder holding the server's socket.
  public var host: String
  public var port: Int
  public var database: String

  public init(user: String, password: String? = nil, host: String, port: Int = 5432, database: String? = nil) {
    self.user = user
    self.password = password
    self.host = host
    self.port = port
    self.database = database ?? user
  }

  /// Why `text` is not a PostgreSQL URL, in a sentence that names the part.
  public struct Invalid: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  public init(_ text: String) throws(Invalid) {
    let schemes = ["postgres://", "postgresql://"]
    guard let scheme = schemes.first(where: text.hasPrefix) else {
      throw Invalid(
        description:
          "'\(text)' is not a PostgreSQL URL: it starts with postgres:// (as in postgres://trivia@db.local/trivia).")
    }
    var rest = Substring(text.dropFirst(scheme.count))
    if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
    var database: String?
    if let slash = rest.firstIndex(of: "/") {
      database = Self.decoded(rest[rest.index(after: slash)...])
      rest = rest[..<slash]
      if database?.isEmpty == true { database = nil }
    }
    guard let at = rest.lastIndex(of: "@") else {
      throw Invalid(
        description: "'\(text)' names no user: postgres://USER@HOST, as in postgres://trivia@db.local/trivia.")
    }
    let credentials = rest[..<at]
    var server = rest[rest.index(after: at)...]
    let user: Substring
    var password: String?
    if let colon = credentials.firstIndex(of: ":") {
      user = credentials[..<colon]
      password = Self.decoded(credentials[credentials.index(after: colon)...])
    } else {
      user = credentials
    }
    guard !user.isEmpty else { throw Invalid(description: "'\(text)' names no user before the @.") }
    var port = 5432
    if let colon = server.lastIndex(of: ":"), !server.hasSuffix("]") {
      let digits = server[server.index(after: colon)...]
      guard let number = Int(digits), (1...65_535).contains(number) else {
        throw Invalid(description: "'\(text)': the port must be a number from 1 to 65535, not '\(digits)'.")
      }
      port = number
      server = server[..<colon]
    }
    if server.hasPrefix("["), server.hasSuffix("]") { server = server.dropFirst().dropLast() }
    guard !server.isEmpty else { throw Invalid(description: "'\(text)' names no host after the @.") }
    self.init(user: Self.decoded(user), password: password, host: Self.decoded(server), port: port, database: database)
  }

  /// A host that starts with / is the folder of the server's Unix socket.
  public var socketPath: String? { host.hasPrefix("/") ? "\(host)/.s.PGSQL.\(port)" : nil }

  /// The URL without its password, for what the host and the logs say.
  public var description: String {
    let server = host.hasPrefix("/") ? host.replacingSlashes : (host.contains(":") ? "[\(host)]" : host)
    return "postgres://\(user)@\(server):\(port)/\(database)"
  }

  /// `%2F` and its kin, as URLs carry a socket's folder and a password's odd characters.
  private static func decoded(_ part: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(part.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  fileprivate var replacingSlashes: String {
    split(separator: "/", omittingEmptySubsequences: false).joined(separator: "%2F")
  }
}
