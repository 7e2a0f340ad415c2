import EditLineShim
import Glibc

/// Reads commands one per line from a file or a pipe and echoes each after its prompt, so
/// the output reads as a transcript. Lines starting with `#` are comments.
public final class ScriptReader: LineReader {
  public var completer: ((String) -> [String])?
  private let descriptor: Int32
  private let closesDescriptor: Bool
  private let output: TextOutput
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Longer lines are cut, so a hostile script cannot exhaust memory.
  static let maximumLineLength = 1 << 20

  /// Reads standard input.
  public init(output: TextOutput = .standardOutput) {
    descriptor = STDIN_FILENO
    closesDescriptor = false
    self.output = output
  }

  /// Reads a file; nil with errno set when it cannot be opened.
  public init?(path: String, output: TextOutput = .standardOutput) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    self.descriptor = descriptor
    closesDescriptor = true
    self.output = output
  }

  deinit {
    if closesDescriptor { close(descriptor) }
  }

  public func read(prompt: String) -> LineInput {
    output.write(prompt + "> ")
    var next = nextLine()
    while let line = next, line.first == UInt8(ascii: "#") { next = nextLine() }
    guard var bytes = next else {
      output.write("\n")
      return .end
    }
    if bytes.last == 0x0D { bytes.removeLast() }
    let line = String(decoding: bytes, as: UTF8.self)
    output.write(Sanitizer.clean(line) + "\n")
    return .line(line)
  }

  /// The bytes of the next line without its LF, or nil at the end of input.
  private func nextLine() -> [UInt8]? {
    var line: [UInt8] = []
    while true {
      if start == buffer.count {
        guard fill() else { return line.isEmpty ? nil : line }
      }
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        append(buffer[start..<newline], to: &line)
        start = newline + 1
        return line
      }
      append(buffer[start...], to: &line)
      start = buffer.count
    }
  }

  private func append(_ bytes: ArraySlice<UInt8>, to line: inout [UInt8]) {
    line.append(contentsOf: bytes.prefix(max(0, Self.maximumLineLength - line.count)))
  }

  /// Reads more input; false at the end or on an error such as EIO from a closed terminal.
  private func fill() -> Bool {
    guard !atEnd else { return false }
    buffer = [UInt8](repeating: 0, count: 1 << 16)
    start = 0
    while true {
      guard trivia_wait_readable(descriptor) == 1 else {
        atEnd = true
        buffer = []
        return false
      }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR, trivia_exit_signal() == 0 { continue }
      guard count > 0 else {
        atEnd = true
        buffer = []
        return false
      }
      buffer.removeSubrange(count...)
      return true
    }
  }
}
