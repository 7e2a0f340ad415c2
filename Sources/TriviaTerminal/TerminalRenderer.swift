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

  public func render(_ state: NavigationState<any TerminalScreen>) {
    guard let active = state.active else { return }
    write(active.render())
  }

  public func write(_ lines: [Line]) {
    var shown = lines
    if let width = columns() {
      // Placeholders for unsafe characters first: wrapping measures what is shown.
      let wrapper = LineWrapper(width: width)
      shown = lines.flatMap { line in
        wrapper.wrap(Line(spans: line.spans.map { Line.Span(text: Sanitizer.clean($0.text), style: $0.style) }))
      }
    }
    output.write(shown.map { style.format($0) + "\n" }.joined())
  }
}
