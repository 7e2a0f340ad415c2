import NavigatorKit
import ScreenKit

/// Prints the active screen after every navigation, and any other lines it is given.
public final class TerminalRenderer: NavigationRenderer, Console {
  public let style: TerminalStyle
  private let output: TextOutput
  /// The terminal's width now (it may be resized), or nil not to wrap: output that is not
  /// a terminal keeps its lines whole.
  private let columns: @Sendable () -> Int?

  public init(
    style: TerminalStyle, output: TextOutput = .standardOutput, columns: @escaping @Sendable () -> Int? = { nil }
  ) {
    self.style = style
    self.output = output
    self.columns = columns
  }

  /// Whether navigation draws the screen on top: a session that opens straight into a night
  /// (`trivia join URL`) does not draw the landing it starts on.
  public var drawsScreens = true

  public func render(_ state: NavigationState<any TerminalView>) {
    guard drawsScreens, let active = state.active else { return }
    // Home and clear first, on a terminal only: a script's transcript keeps every draw.
    if active.drawsInPlace, columns() != nil { output.write("\u{1B}[H\u{1B}[2J") }
    write(active.render())
  }

  public func write(_ lines: [Line]) {
    output.write(Self.shown(lines, width: columns()).map { style.format($0) + "\n" }.joined())
  }

  /// The lines as a terminal `width` columns wide shows them (nil: not wrapped). `trivia
  /// check` measures questions with it, so what it warns of is what a player would see.
  public static func shown(_ lines: [Line], width: Int?) -> [Line] {
    // Placeholders for unsafe characters first, once: wrapping measures what is shown.
    let shown = lines.map { line in
      var clean = line
      clean.spans = line.spans.map { .init(text: Sanitizer.clean($0.text), style: $0.style) }
      return clean
    }
    guard let width else { return shown }
    return shown.flatMap(LineWrapper(width: width).wrap)
  }
}
