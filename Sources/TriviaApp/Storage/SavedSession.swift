import FoundationEssentials
import Glibc
import TriviaData

/// A round left unfinished, saved when the game ends so the next start can resume it.
/// Versioned: a file from another version is reported and ignored, never misread.
public struct SavedSession: Codable, Equatable, Sendable {
  public static let currentVersion = 1

  public var version = Self.currentVersion
  public var round: Round
  /// The request the round was dealt for, so a link to the same round is recognised.
  public var request: TriviaRoute.PlayRequest
  /// Where its questions came from, and its row in the history file, so it goes on there.
  public var source: String?
  public var historyRound: Int64?

  public init(round: Round, request: TriviaRoute.PlayRequest, source: String? = nil, historyRound: Int64? = nil) {
    self.round = round
    self.request = request
    self.source = source
    self.historyRound = historyRound
  }
}

/// Keeps the saved session.
public protocol SessionStore: Sendable {
  /// The saved session; nil when there is none; a one-line reason when it is unusable.
  func load() -> Result<SavedSession?, DataSourceError>
  func save(_ session: SavedSession) throws(DataSourceError)
  func clear()
}

/// The session in `$XDG_STATE_HOME/trivia/session.json`, written atomically.
public struct FileSessionStore: SessionStore {
  public let path: String

  public init(path: String) {
    self.path = path
  }

  public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    XDGDirectory.state.path(environment: environment) + "/trivia/session.json"
  }

  public func load() -> Result<SavedSession?, DataSourceError> {
    guard let data = FileManager.default.contents(atPath: path) else { return .success(nil) }
    struct Header: Decodable { var version: Int? }
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
      return .failure(DataSourceError("\(path) is not a saved session; ignoring it"))
    }
    guard header.version == SavedSession.currentVersion else {
      let found = header.version.map { "version \($0)" } ?? "no version"
      return .failure(
        DataSourceError("\(path) has \(found), expected \(SavedSession.currentVersion); ignoring the saved round"))
    }
    do {
      let session = try JSONDecoder().decode(SavedSession.self, from: data)
      guard session.round.isConsistent else {
        return .failure(DataSourceError("\(path) holds a round that does not add up; ignoring it"))
      }
      return .success(session)
    } catch {
      return .failure(DataSourceError("\(path) is damaged; ignoring the saved round"))
    }
  }

  public func save(_ session: SavedSession) throws(DataSourceError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do {
      try AtomicFile.write(try encoder.encode(session), to: path)
    } catch {
      throw DataSourceError("could not save the round to \(path): \(error)")
    }
  }

  public func clear() {
    unlink(path)
  }
}
