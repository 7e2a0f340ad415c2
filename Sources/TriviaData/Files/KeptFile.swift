import Glibc

/// The one way to read a small file the game keeps about its player (the options, the
/// saved round, Open Trivia DB tokens): a damaged or crafted one is hostile input, as a
/// question file is. It is read whole up to a cap, never through a symlink at its last
/// component, never by waiting on a pipe; one that cannot be used is moved aside, so
/// nothing the player saved is overwritten without a copy.
public enum KeptFile {
  /// These files are a few hundred bytes; anything near this is not one of them.
  public static let maximumBytes = 64 * 1024

  /// Why a kept file cannot be used, as the end of a sentence that names it.
  public struct Problem: Error, Equatable, Sendable {
    public var reason: String

    public init(_ reason: String) {
      self.reason = reason
    }
  }

  public enum Contents: Equatable, Sendable {
    /// No file: nothing was kept yet.
    case missing
    case bytes([UInt8])
    /// Why it cannot be read, as the end of a sentence that names it.
    case unreadable(String)
  }

  /// Reads `path`, or says why it cannot be read.
  public static func read(_ path: String, limit: Int = maximumBytes) -> Contents {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: return .missing
      case ELOOP: return .unreadable("is a symbolic link")
      default: return .unreadable("cannot be read: \(String(cString: strerror(errno)))")
      }
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .unreadable("cannot be read: \(String(cString: strerror(errno)))")
    }
    guard status.st_mode & S_IFMT == S_IFREG else { return .unreadable("is not a regular file") }
    guard status.st_size <= limit else {
      return .unreadable("is \(status.st_size) bytes, more than such a file can be (\(limit))")
    }
    // Room for the file as it is and a byte more, grown up to the limit should it grow: a
    // large limit (a saved round's) costs nothing for the small file it usually is.
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size) + 1)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
      if got < 0, errno == EINTR { continue }
      guard got >= 0 else { return .unreadable("cannot be read: \(String(cString: strerror(errno)))") }
      if got == 0 { break }
      count += got
      if count == bytes.count, bytes.count <= limit {
        bytes += [UInt8](repeating: 0, count: min(bytes.count, limit + 1 - bytes.count))
      }
    }
    guard count <= limit else { return .unreadable("grew past \(limit) bytes while it was read") }
    return .bytes(Array(bytes.prefix(count)))
  }

  /// Why the file at `path` cannot be one the game kept, by its kind and size alone (for a
  /// file another library reads, as libedit reads the line history); nil when it may be.
  public static func problem(at path: String, limit: Int = maximumBytes) -> Problem? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG:
      return status.st_size > limit ? Problem("is \(status.st_size) bytes, more than such a file can be") : nil
    case S_IFLNK: return Problem("is a symbolic link")
    default: return Problem("is not a regular file")
    }
  }

  /// Moves `path` aside as `path.corrupt-DATE` (a symlink moves as the link), so a new file
  /// can take its place; the new path, or nil when it could not be moved.
  public static func moveAside(_ path: String) -> String? {
    let stamp = path + ".corrupt-" + timestamp()
    // Never over an earlier copy made the same second.
    var aside = stamp
    var next = 2
    var status = stat()
    while lstat(aside, &status) == 0 {
      aside = "\(stamp)-\(next)"
      next += 1
    }
    return rename(path, aside) == 0 ? aside : nil
  }

  /// The sentence that says so: `NAME why; it is kept as NAME.corrupt-DATE and …`.
  public static func setAside(_ path: String, because reason: String, instead: String) -> String {
    if let aside = moveAside(path) {
      return "\(path) \(reason); it is kept as \(aside), and \(instead)."
    }
    return "\(path) \(reason), and could not be moved aside; \(instead)."
  }

  /// `2026-11-23T120700`, for the name of a file moved aside.
  public static func timestamp() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { strftime($0.baseAddress, $0.count, "%Y-%m-%dT%H%M%S", &parts) }
    }
    return String(decoding: buffer.prefix(count), as: UTF8.self)
  }
}
