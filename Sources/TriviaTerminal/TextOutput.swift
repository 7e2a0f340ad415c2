import Glibc
import TriviaData

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
  public static let standardOutput = TextOutput(descriptor: STDOUT_FILENO)

  /// Standard error, unbuffered.
  public static let standardError = TextOutput(descriptor: STDERR_FILENO)

  private init(descriptor: Int32) {
    self.init { text in
      var text = text
      _ = text.withUTF8 { Descriptor.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
  }
}
