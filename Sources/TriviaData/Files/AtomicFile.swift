import FoundationEssentials
import Glibc

/// Replaces files so a reader, or a crash, sees the old content or the new, never a mix:
/// write a temporary file beside it, sync it, rename it over, sync the folder.
public enum AtomicFile {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// Writes `bytes` to `path`, creating the folder if needed.
  public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
    try replace(path) { temporary throws(Failure) in
      let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
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

  /// Lets `fill` write a temporary path, then puts that file in place of `path`.
  public static func replace(_ path: String, fill: (String) throws(Failure) -> Void) throws(Failure) {
    let folder = folder(of: path)
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw Failure(description: "cannot create the folder \(folder)")
      }
    }
    let temporary = "\(path).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    do throws(Failure) {
      try fill(temporary)
      try sync(temporary)
      guard rename(temporary, path) == 0 else { throw failure("cannot rename \(temporary) to \(path)") }
    } catch {
      unlink(temporary)
      throw error
    }
    if !folder.isEmpty { try? sync(folder) }
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
