import Glibc

/// Where this user's link socket lives: `$XDG_RUNTIME_DIR/trivia/link.sock`, or without a
/// usable XDG_RUNTIME_DIR, `/tmp/trivia-<uid>/link.sock`.
///
/// The folder is what keeps other users out before any peer check: it is made 0700, and one
/// found in its place is used only if it is a real folder (not a symlink someone planted in
/// the shared /tmp) owned by this user and closed to everyone else.
public struct LinkLocation: Equatable, Sendable {
  public let folder: String
  public let socketPath: String

  /// The location for `environment`, its folder made or checked. `temporaryFolder` stands in
  /// for /tmp in tests.
  public static func resolve(
    environment: [String: String], uid: uid_t = getuid(), temporaryFolder: String = "/tmp"
  ) throws(LinkError) -> LinkLocation {
    let folder: String
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      folder = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/trivia"
    } else {
      folder = "\(temporaryFolder)/trivia-\(uid)"
    }
    try makePrivateFolder(folder, uid: uid)
    let location = LinkLocation(folder: folder, socketPath: folder + "/link.sock")
    // sun_path holds 108 bytes, its terminating zero included.
    guard location.socketPath.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else {
      throw LinkError("\(location.socketPath) is too long for a socket; set XDG_RUNTIME_DIR to a shorter folder")
    }
    return location
  }

  /// A location whose folder is already made and checked.
  init(folder: String, socketPath: String) {
    self.folder = folder
    self.socketPath = socketPath
  }

  private static func makePrivateFolder(_ folder: String, uid: uid_t) throws(LinkError) {
    if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw .system("Cannot make \(folder)") }
    var info = stat()
    guard lstat(folder, &info) == 0 else { throw .system("Cannot check \(folder)") }
    let advice = "links need a folder of your own; remove it or set XDG_RUNTIME_DIR"
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw LinkError("\(folder) is not a folder (a symlink or a file): \(advice)")
    }
    guard info.st_uid == uid else {
      throw LinkError("\(folder) belongs to uid \(info.st_uid), not to you (uid \(uid)): \(advice)")
    }
    let mode = info.st_mode & 0o777
    guard mode & 0o077 == 0 else {
      throw LinkError("\(folder) is open to others (mode \(String(mode, radix: 8))): \(advice)")
    }
  }
}
