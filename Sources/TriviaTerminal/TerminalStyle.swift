import ScreenKit

/// How styles look: ANSI colours on a terminal that wants them, nothing otherwise.
public enum TerminalStyle: Sendable {
  case plain
  case ansi

  /// Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org).
  public static func detect(isTerminal: Bool, noColorFlag: Bool, environment: [String: String]) -> TerminalStyle {
    let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    return isTerminal && !noColorFlag && !noColor ? .ansi : .plain
  }

  /// The line as the terminal shows it; its text is already made safe by the renderer.
  public func format(_ line: Line) -> String {
    line.spans.map { format($0.text, $0.style) }.joined()
  }

  public func format(_ text: String, _ style: Line.Style) -> String {
    guard self == .ansi, let code = Self.code(style), !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  static func code(_ style: Line.Style) -> String? {
    switch style {
    case .plain: nil
    case .title: "1;36"
    case .emphasis: "1"
    case .dim: "2"
    case .success: "1;32"
    case .failure: "1;31"
    case .code: "97;40"
    }
  }
}
