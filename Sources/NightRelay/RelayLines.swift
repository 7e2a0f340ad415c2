import FoundationEssentials
import Glibc

/// The pipe's framing: each value one line of JSON. A frame's text is a JSON string inside
/// it, so a newline in it cannot split a line.
public enum RelayLines {
  public static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
    // Encoding these enums of strings and numbers cannot fail.
    var bytes = (try? JSONEncoder().encode(value)).map(Array.init) ?? []
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  /// Writes `value` whole to `descriptor`, retrying after a signal; false once the other end
  /// has gone (EPIPE: SIGPIPE is ignored where a pipe is written).
  @discardableResult
  public static func write<Value: Encodable>(_ value: Value, to descriptor: Int32) -> Bool {
    let bytes = encode(value)
    var sent = 0
    while sent < bytes.count {
      let wrote = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + sent, bytes.count - sent) }
      if wrote < 0, errno == EINTR { continue }
      guard wrote > 0 else { return false }
      sent += wrote
    }
    return true
  }

  public static func decode<Value: Decodable>(_ type: Value.Type, from line: some Collection<UInt8>) -> Value? {
    try? JSONDecoder().decode(type, from: Data(line))
  }

  /// Splits what was read into whole lines, keeping a partial last line in `buffer`.
  public static func lines(_ buffer: inout [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var start = buffer.startIndex
    while let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(Array(buffer[start..<end]))
      start = end + 1
    }
    buffer.removeSubrange(..<start)
    return lines
  }
}
