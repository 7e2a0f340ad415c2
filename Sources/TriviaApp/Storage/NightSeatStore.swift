import FoundationEssentials
import Glibc
import TriviaData

/// A player's place in a night, kept while the night lasts: the host's token and the name,
/// so that `trivia join` again after a crash or a closed laptop is the same player.
public struct KeptSeat: Codable, Equatable, Sendable {
  public var token: String
  public var name: String

  public init(token: String, name: String) {
    self.token = token
    self.name = name
  }
}

/// Where kept places are, one a night. A player claims the night's place for as long as it
/// plays: a second player of the same night on this machine claims nothing, so it never
/// takes the first one's place while that one is still playing.
public protocol NightSeatStore: Sendable {
  /// The night's place for this process, with the seat kept there if any; nil when another
  /// live player holds it.
  func claim(_ address: NightAddress) -> (any NightSeatClaim)?
}

/// A night's place held by this process until it is released (or the process ends).
public protocol NightSeatClaim: AnyObject {
  var seat: KeptSeat? { get }
  func keep(_ seat: KeptSeat)
  /// The night is over for this player: nothing to come back to.
  func forget()
}

/// Kept places in `$XDG_STATE_HOME/trivia/nights/CODE-PORT.json` (the same night reached at
/// another of the host's addresses is the same night), 0600, written atomically; claimed by a
/// lock on `CODE-PORT.lock`, which the system lets go when the process ends however it ends.
/// A file that cannot be read is no place (the player joins afresh), never an error.
public struct FileNightSeatStore: NightSeatStore {
  public let folder: String

  public init(folder: String) {
    self.folder = folder
  }

  public static func standardFolder(environment: [String: String]) -> String {
    XDGDirectory.state.path(environment: environment) + "/trivia/nights"
  }

  public func claim(_ address: NightAddress) -> (any NightSeatClaim)? {
    let base = folder + "/\(address.code)-\(address.port)"
    guard (try? AtomicFile.makePrivateFolder(folder)) != nil else { return nil }
    let lock = open(base + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { return nil }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      close(lock)
      return nil
    }
    return FileSeatClaim(path: base + ".json", lock: lock, lockPath: base + ".lock")
  }
}

final class FileSeatClaim: NightSeatClaim {
  let path: String
  let lockPath: String
  private var lock: Int32

  init(path: String, lock: Int32, lockPath: String) {
    self.path = path
    self.lock = lock
    self.lockPath = lockPath
  }

  deinit {
    if lock >= 0 { close(lock) }
  }

  var seat: KeptSeat? {
    guard case .bytes(let bytes) = KeptFile.read(path) else { return nil }
    return try? JSONDecoder().decode(KeptSeat.self, from: Data(bytes))
  }

  func keep(_ seat: KeptSeat) {
    guard let bytes = try? JSONEncoder().encode(seat) else { return }
    try? AtomicFile.write(bytes, to: path)
  }

  func forget() {
    unlink(path)
    unlink(lockPath)
    close(lock)
    lock = -1
  }
}
