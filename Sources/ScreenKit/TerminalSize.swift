/// The terminal's size in character cells, for a screen that must fit whole (the lobby's
/// QR code is no use with its top scrolled away).
public struct TerminalSize: Equatable, Sendable {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }
}
