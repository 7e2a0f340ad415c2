import Glibc

/// Where text goes, written at once so it interleaves correctly with prompts.
public struct TextOutput: Sendable {
  private let writeText: @Sendable (String) -> Void

  public init(_ write: @escaping @Sendable (String) -> Void) {
    writeText = write
  }

  public func write(_ text: String) {
    writeText(text)
  }

  /// Standard output, unbuffered. A closed terminal (EPIPE, EIO) drops the text.
  public static let standardOutput = TextOutput { text in
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
