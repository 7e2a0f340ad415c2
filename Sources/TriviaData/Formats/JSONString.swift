/// Strings written as JSON by hand, where a whole encoder is not wanted: question files
/// (`QuestionFileFormat.encode`) and the navigation trace, one line an event.
public enum JSONString {
  /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest
  /// as UTF-8.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
