import ScreenKit
import Testing

/// The QR code as the lobby draws it: what a phone's camera sees must be the modules given,
/// in their quiet zone, whatever their pattern.
@Suite("QR blocks")
struct QRBlocksTests {
  /// The modules the drawing shows, read back from its half blocks (true: dark), quiet
  /// zone included; the last line's lower half, past the drawing, is left out.
  static func read(_ lines: [String], width: Int) -> [[Bool]] {
    let rows = lines.flatMap { line in
      [line.map { !"█▀".contains($0) }, line.map { !"█▄".contains($0) }]
    }
    return Array(rows.prefix(width))
  }

  @Test func oneDarkModuleInItsQuietZone() throws {
    let blocks = try #require(QRBlocks(rows: ["1"]))
    #expect(blocks.width == 9)
    // Light is drawn, dark is not: the module is the gap in the lower half of the middle line.
    #expect(blocks.lines == ["█████████", "█████████", "████▄████", "█████████", "▀▀▀▀▀▀▀▀▀"])
  }

  @Test(arguments: [1, 2, 5, 21, 29])
  func everyModuleReadsBackWhereItWasWithAQuietZoneOfFour(size: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let modules = (0..<size).map { _ in (0..<size).map { _ in Bool.random(using: &generator) } }
    let blocks = try #require(QRBlocks(rows: modules.map { String($0.map { $0 ? "1" : "0" }) }))
    let width = size + 2 * QRBlocks.quietZone
    #expect(blocks.width == width)
    // Two module rows a line: the quiet zone's eight rows and the code's, rounded up.
    #expect(blocks.lines.count == (width + 1) / 2)
    #expect(blocks.lines.allSatisfy { $0.count == width })
    let margin = [Bool](repeating: false, count: QRBlocks.quietZone)
    let zone = [[Bool]](repeating: margin + modules.map { _ in false } + margin, count: QRBlocks.quietZone)
    let framed = modules.map { row in margin + row + margin }
    #expect(Self.read(blocks.lines, width: width) == zone + framed + zone)
  }

  @Test(arguments: [[], ["10"], ["10", "0"], ["12", "01"], ["1 ", "01"]])
  func onlyASquareOfOnesAndZerosIsACode(rows: [String]) {
    #expect(QRBlocks(rows: rows) == nil)
  }
}
