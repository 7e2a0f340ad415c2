import FoundationEssentials
import Glibc

/// Replaces files so a reader, or a crash, sees the old content or the new, never a mix:
/// write a temporary file beside it, sync it, rename it over, sync the folder.
///
/// What the game keeps about its player is private, as shells keep their history: each file
/// 0600 in a folder 0700, and a folder or file made looser before is tightened when written.
/// A file the player asks for (`export`) is theirs to share: the folder they named is left as
/// it is.
public enum AtomicFile {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// Writes `bytes` to `path`, a file the game keeps, creating the folder if needed.
  public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
    try write(bytes, to: path, isPrivate: true)
  }

  /// Writes `bytes` to `path`, a file the player asked for (`trivia convert --to`, a night's
  /// table), as other programs write theirs: the folders missing made as `mkdir -p` makes
  /// them, those there left as they are, the file with the mode the umask gives. Tightening
  /// the folder, as a kept file's is, would close the player's own folder, or `/tmp` when run
  /// as root, to everyone else.
  public static func export(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
    try write(bytes, to: path, isPrivate: false)
  }

  private static func write(_ bytes: some Collection<UInt8>, to path: String, isPrivate: Bool) throws(Failure) {
    try replace(path, isPrivate: isPrivate) { temporary throws(Failure) in
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, isPrivate ? 0o600 : 0o666)
      guard descriptor >= 0 else { throw failure("cannot create \(temporary)") }
      defer { close(descriptor) }
      guard Array(bytes).withUnsafeBytes({ Descriptor.writeAll($0, to: descriptor) }) else {
        throw failure("cannot write \(temporary)")
      }
    }
  }

  /// The folder `path` is in: `a/b` is in `a`, `/b` in `/`, `b` in none (empty).
  public static func folder(of path: String) -> String {
    path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
  }

  /// Lets `fill` write a temporary path, then puts that file in place of `path`: a private
  /// one, unless `isPrivate` is false (`export`).
  public static func replace(
    _ path: String, isPrivate: Bool = true, fill: (String) throws(Failure) -> Void
  ) throws(Failure) {
    let folder = folder(of: path)
    if !folder.isEmpty {
      if isPrivate { try makePrivateFolder(folder) } else { try makeFolder(folder, mode: 0o777) }
    }
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    do throws(Failure) {
      try fill(temporary)
      // Whoever wrote it (libedit writes the line history), the player alone reads it.
      if isPrivate, chmod(temporary, 0o600) != 0 { throw failure("cannot make \(temporary) private") }
      try sync(temporary)
      guard rename(temporary, path) == 0 else { throw failure("cannot rename \(temporary) to \(path)") }
    } catch {
      unlink(temporary)
      throw error
    }
    if !folder.isEmpty { try? sync(folder) }
  }

  /// Makes `folder` and the folders above it that are missing, each 0700 (as the XDG base
  /// directory specification asks), and tightens `folder` itself to 0700 if it was looser.
  public static func makePrivateFolder(_ folder: String) throws(Failure) {
    let status = try makeFolder(folder, mode: 0o700)
    if status.st_mode & 0o077 != 0, status.st_uid == getuid() { chmod(folder, status.st_mode & 0o700) }
  }

  /// Makes `folder` and the folders above it that are missing, each with `mode` (the umask
  /// applies), and returns what `stat` says of `folder`.
  @discardableResult
  static func makeFolder(_ folder: String, mode: mode_t) throws(Failure) -> stat {
    var made = folder.hasPrefix("/") ? "/" : ""
    for part in folder.split(separator: "/") {
      made += part
      if mkdir(made, mode) != 0, errno != EEXIST { throw failure("cannot create the folder \(made)") }
      made += "/"
    }
    var status = stat()
    guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw failure("cannot create the folder \(folder)")
    }
    return status
  }

  static func sync(_ path: String) throws(Failure) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("cannot open \(path)") }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw failure("cannot sync \(path)") }
  }

  static func failure(_ what: String) -> Failure {
    Failure(description: "\(what): \(String(cString: strerror(errno)))")
  }
}
