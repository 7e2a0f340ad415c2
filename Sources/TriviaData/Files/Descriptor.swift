import Glibc

/// Plain POSIX file descriptors, for what this program writes itself: its files, its trace,
/// and standard output.
public enum Descriptor {
  /// Writes all of `bytes`, going on after a short write or an interrupted one; false when
  /// a write fails.
  public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }
}
