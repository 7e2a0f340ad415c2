import NavigatorKit
import ScreenKit

/// Prints the active screen after every navigation, and any other lines it is given.
public final class TerminalRenderer: NavigationRenderer, Console {
  public let style: TerminalStyle
  private let output: TextOutput

  public init(style: TerminalStyle, output: TextOutput = .standardOutput) {
    self.style = style
    self.output = output
  }

  public func render(_ state: NavigationState<any TerminalScreen>) {
    guard let active = state.active else { return }
    write(active.render())
  }

  public func write(_ lines: [Line]) {
    output.write(lines.map { style.format($0) + "\n" }.joined())
  }
}
