/// A place in a bank's file that a player would see as `�`: bytes that are not UTF-8, or a
/// control character written as it is (an escape sequence's ESC, a bidirectional override).
/// The screens never print either (`Sanitizer`), so a bank holding one shows garbage where
/// its author meant text; `trivia check` says where, by line and column, as the loaders do.
public struct TextFault: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// The first byte of a sequence that is not well-formed UTF-8.
    case notUTF8(UInt8)
    case control(Unicode.Scalar)
  }

  public var position: SourcePosition
  public var kind: Kind

  public init(_ kind: Kind, at position: SourcePosition) {
    self.kind = kind
    self.position = position
  }

  /// Whether the screens would not print `scalar` (`Sanitizer`'s set): C0 but tab and line
  /// ends, DEL, C1 (ESC, CSI, OSC and friends), and the bidirectional controls.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// Every fault in `bytes`, in order; a column counts characters, as the loaders' do.
  public static func find(in bytes: [UInt8]) -> [TextFault] {
    bytes.withUnsafeBufferPointer { find(in: $0) }
  }

  static func find(in bytes: UnsafeBufferPointer<UInt8>) -> [TextFault] {
    var faults: [TextFault] = []
    var line = 1
    var lineStart = 0
    var index = 0
    func here() -> SourcePosition {
      let before = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self)
      return SourcePosition(line: line, column: before.count + 1)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        index += 1
        lineStart = index
        continue
      }
      if byte < 0x80 {
        if isControl(Unicode.Scalar(byte)) { faults.append(TextFault(.control(Unicode.Scalar(byte)), at: here())) }
        index += 1
        continue
      }
      let length = UTF8Check.sequenceLength(bytes, at: index)
      guard length > 0 else {
        faults.append(TextFault(.notUTF8(byte), at: here()))
        index += 1
        continue
      }
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<index + length]), as: UTF8.self)
      if let scalar = text.unicodeScalars.first, isControl(scalar) {
        faults.append(TextFault(.control(scalar), at: here()))
      }
      index += length
    }
    return faults
  }
}
