/// Makes text from questions safe to print: nothing from the data may move the cursor,
/// retitle the window or reorder text, so control and bidirectional formatting characters
/// become visible placeholders.
public enum Sanitizer {
  public static func clean(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        result.append(" ")
      } else if isUnsafe(scalar) {
        result.append("\u{FFFD}")
      } else {
        result.append(scalar)
      }
    }
    return String(result)
  }

  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (ESC, CSI, OSC and friends)
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
    default: false
    }
  }
}
