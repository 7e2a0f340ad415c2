/// A QR code drawn in text: two module rows a line with half blocks, in its quiet zone of
/// four modules. The blocks are the light modules and the quiet zone, spaces the dark ones:
/// the code then reads the right way round on a dark terminal with no colours, and with
/// colours the lines are styled `.code` (light on black), right on a light terminal too.
/// Phone readers expect dark modules on a light ground; not all read a code inverted.
public struct QRBlocks: Equatable, Sendable {
  public static let quietZone = 4

  /// Row by row, true for a dark module; without the quiet zone.
  public let modules: [[Bool]]

  /// Nil unless `rows` is a square of "1" (dark) and "0" (light), as `trivia-night` sends it.
  public init?(rows: [String]) {
    let modules = rows.map { row in row.map { $0 == "1" } }
    guard !rows.isEmpty, rows.allSatisfy({ $0.count == rows.count && $0.allSatisfy { "01".contains($0) } }) else {
      return nil
    }
    self.modules = modules
  }

  /// Columns the drawing takes, the quiet zone included.
  public var width: Int { modules.count + 2 * Self.quietZone }

  /// The drawing; the last line's lower half is the terminal's own ground.
  public var lines: [String] {
    let light = { (row: Int, column: Int) -> Bool in
      let row = row - Self.quietZone
      let column = column - Self.quietZone
      guard self.modules.indices.contains(row), self.modules.indices.contains(column) else { return true }
      return !self.modules[row][column]
    }
    return stride(from: 0, to: width, by: 2).map { top in
      String(
        (0..<width).map { column -> Character in
          switch (light(top, column), top + 1 < width && light(top + 1, column)) {
          case (true, true): "█"
          case (true, false): "▀"
          case (false, true): "▄"
          case (false, false): " "
          }
        })
    }
  }
}
