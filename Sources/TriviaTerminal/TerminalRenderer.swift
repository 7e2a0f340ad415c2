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

  public func render(_ state: NavigationState<any TerminalView>) {
    guard let active = state.active else { return }
    write(active.render())
  }

  public func write(_ lines: [Line]) {
    // Placeholders for unsafe characters first, once: wrapping measures what is shown.
    var shown = lines.map { line in
      var clean = line
      clean.spans = line.spans.map { .init(text: Sanitizer.clean($0.text), style: $0.style) }
      return clean
    }
    if let width = columns() {
      let wrapper = LineWrapper(width: width)
      shown = shown.flatMap(wrapper.wrap)
    }
    output.write(shown.map { style.format($0) + "\n" }.joined())
  }
}
