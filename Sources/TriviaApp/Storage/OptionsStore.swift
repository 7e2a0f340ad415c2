import FoundationEssentials
import Glibc
import TriviaData

/// Keeps the options between runs.
public protocol OptionsStore: Sendable {
  /// The saved options, or nil with a one-line reason when there are none or they are unreadable.
  func load() -> Result<GameOptions?, StoreError>
  func save(_ options: GameOptions) throws(StoreError)
  /// Applies `change` to the options as saved now, and saves the result: another instance
  /// that saved in the meantime keeps its change.
  func update(_ change: (inout GameOptions) -> Void) throws(StoreError) -> GameOptions
}

extension OptionsStore {
  public func update(_ change: (inout GameOptions) -> Void) throws(StoreError) -> GameOptions {
    var options = (try? load().get()) ?? .standard
    change(&options)
    try save(options)
    return options
  }
}

/// Options in a JSON file, by default `$XDG_CONFIG_HOME/trivia/options.json`.
public struct FileOptionsStore: OptionsStore {
  public let path: String
  /// Whether the player has asked the game to stop, which ends a wait for the lock.
  private let stopWaiting: @Sendable () -> Bool

  /// How long another program's hold on the lock is waited for: a game saving holds it a
  /// moment, so one holding it longer is stuck, and the change is kept for this game only.
  public static let lockWait: Duration = .seconds(1)

  public init(path: String, stopWaiting: @escaping @Sendable () -> Bool = { false }) {
    self.path = path
    self.stopWaiting = stopWaiting
  }

  /// The standard place, following the XDG base directory rules.
  public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
    XDGDirectory.config.path(environment: environment) + "/trivia/options.json"
  }

  /// The saved options. A file that cannot be read or makes no sense is moved aside (so the
  /// next change saved does not overwrite it), and the sentence that says so is the failure.
  public func load() -> Result<GameOptions?, StoreError> {
    let problem: String
    switch KeptFile.read(path) {
    case .missing: return .success(nil)
    case .unreadable(let reason): problem = reason
    case .bytes(let bytes):
      switch GameOptions.decode(bytes) {
      case .success(let options): return .success(options)
      case .failure(let failure): problem = failure.reason
      }
    }
    return .failure(StoreError(KeptFile.setAside(path, because: problem, instead: "the defaults are used")))
  }

  /// Read, change and write under a lock, so two games saving at once both keep their change.
  public func update(_ change: (inout GameOptions) -> Void) throws(StoreError) -> GameOptions {
    let folder = AtomicFile.folder(of: path)
    try? AtomicFile.makePrivateFolder(folder)
    let lock = open(path + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard lock >= 0 else {
      throw StoreError("could not save the options: cannot open \(path).lock: \(String(cString: strerror(errno)))")
    }
    defer { close(lock) }
    let clock = ContinuousClock()
    let deadline = clock.now + Self.lockWait
    while flock(lock, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { throw StoreError("could not lock \(path).lock") }
      guard clock.now < deadline, !stopWaiting() else {
        throw StoreError("\(path).lock is held by another program; the change holds for this game only.")
      }
      usleep(10_000)
    }
    defer { flock(lock, LOCK_UN) }
    var options = (try? load().get()) ?? .standard
    change(&options)
    try save(options)
    return options
  }

  public func save(_ options: GameOptions) throws(StoreError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try AtomicFile.write(try encoder.encode(options) + [0x0A], to: path)
    } catch {
      throw StoreError("could not save the options to \(path): \(error)")
    }
  }
}
