import Glibc
import ScreenKit

extension TerminalSize {
  /// The size of the terminal on `descriptor`, or nil when it is not a terminal. A terminal
  /// that does not say its rows (0) is taken as tall enough for anything.
  public static func of(_ descriptor: Int32) -> TerminalSize? {
    var size = winsize()
    guard isatty(descriptor) == 1, ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return TerminalSize(columns: Int(size.ws_col), rows: size.ws_row > 0 ? Int(size.ws_row) : .max)
  }
}
