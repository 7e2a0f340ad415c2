import FoundationEssentials
import Glibc
import TriviaData

/// A round left unfinished, saved when the game ends so the next start can resume it.
/// Versioned: a file from another version is reported and ignored, never misread.
public struct SavedSession: Codable, Equatable, Sendable {
  public static let currentVersion = 1
  /// The most a saved round may be, the same when it is written and when it is read, so the
  /// game never refuses a file it wrote itself. A round holds its questions whole (a source
  /// may not give them again): fifty long ones are hundreds of kilobytes, not megabytes.
  public static let maximumBytes = 16 << 20

  public var version = Self.currentVersion
  public var round: Round
  /// The request the round was dealt for, so a link to the same round is recognised.
  public var request: RoundRequest
  /// Where its questions came from, and its row in the history file, so it goes on there.
  public var source: String?
  public var historyRound: Int64?
  /// The seconds a timed question had left when the round was saved, so that it goes on
  /// with them and not with its full time again; nil on the feedback, for an untimed
  /// question, and in files saved before it was kept (which this version reads as before).
  public var secondsLeft: Int?

  public init(
    round: Round, request: RoundRequest, source: String? = nil, historyRound: Int64? = nil, secondsLeft: Int? = nil
  ) {
    self.round = round
    self.request = request
    self.source = source
    self.historyRound = historyRound
    self.secondsLeft = secondsLeft
  }
}

extension SavedSession {
  /// A saved round read from a file's bytes, checked to be one the game could have saved;
  /// or why not, as the end of a sentence naming the file.
  public static func decode(_ bytes: [UInt8]) -> Result<SavedSession, KeptFile.Problem> {
    let data = Data(bytes)
    struct Header: Decodable { var version: Int? }
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
      return .failure(KeptFile.Problem("is not a saved session"))
    }
    guard header.version == currentVersion else {
      let found = header.version.map { "version \($0)" } ?? "no version"
      return .failure(KeptFile.Problem("has \(found), expected \(currentVersion)"))
    }
    guard let session = try? JSONDecoder().decode(SavedSession.self, from: data) else {
      return .failure(KeptFile.Problem("is damaged"))
    }
    guard session.round.isConsistent, session.makesSense else {
      return .failure(KeptFile.Problem("holds a round that does not add up"))
    }
    return .success(session)
  }

  /// What the round was dealt for and where it is kept are values the game could have made.
  var makesSense: Bool {
    request.count.map(GameOptions.countRange.contains) != false
      && request.time.map(GameOptions.allowsTime) != false && historyRound.map { $0 > 0 } != false
      && (request.players ?? []) == round.players.map(\.name)
      && secondsLeft.map { left in round.questionTime.map { (1...$0).contains(left) } ?? false } != false
  }
}

/// Keeps the saved session.
public protocol SessionStore: Sendable {
  /// The saved session; nil when there is none; a one-line reason when it is unusable.
  func load() -> Result<SavedSession?, StoreError>
  func save(_ session: SavedSession) throws(StoreError)
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

  /// The saved round. A file that cannot be read or makes no sense is moved aside, kept for
  /// the player, and the sentence that says so is the failure.
  public func load() -> Result<SavedSession?, StoreError> {
    switch KeptFile.read(path, limit: SavedSession.maximumBytes) {
    case .missing: return .success(nil)
    case .unreadable(let reason): return .failure(setAside(because: reason))
    case .bytes(let bytes): return SavedSession.decode(bytes).map { $0 }.mapError { setAside(because: $0.reason) }
    }
  }

  private func setAside(because reason: String) -> StoreError {
    StoreError(KeptFile.setAside(path, because: reason, instead: "there is no round to resume"))
  }

  /// Writes a temporary file and renames it over the old one (`AtomicFile`): a save that
  /// fails leaves the last one whole. One larger than `load` reads is not written at all.
  public func save(_ session: SavedSession) throws(StoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes: Data
    do {
      bytes = try encoder.encode(session)
    } catch {
      throw StoreError("could not save the round to \(path): \(error)")
    }
    guard bytes.count <= SavedSession.maximumBytes else {
      throw StoreError(
        "could not save the round to \(path): it is \(bytes.count) bytes, more than a saved round can be "
          + "(\(SavedSession.maximumBytes))")
    }
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw StoreError("could not save the round to \(path): \(error)")
    }
  }

  public func clear() {
    unlink(path)
  }
}
