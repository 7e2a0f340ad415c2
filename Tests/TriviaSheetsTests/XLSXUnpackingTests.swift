import Testing
import TriviaSheets

/// A workbook's parts are inflated on a thread of their own while the rows are read: a read
/// that stops, or an unpacking that fails, part way through a sheet of many pieces ends the call
/// with its error, the other side stopped with it.
@Suite("A workbook unpacked beside its reading")
struct XLSXUnpackingTests {
  /// A header, the row `second`, then 3,000 rows of 200 bytes: some 40 pieces of the sheet.
  static func workbook(second: [XLSXWriter.Cell]) throws -> [UInt8] {
    var rows: [[XLSXWriter.Cell]] = [[.text("question"), .text("correct"), .text("wrong")], second]
    for number in 1...3000 {
      let long = String(repeating: "Question \(number), ", count: 12)
      rows.append([.text(long), .number(number), .text("No \(number)")])
    }
    return try XLSXWriter.workbook(sheet: "Questions", rows: rows)
  }

  @Test("A row the reader refuses, early in a long sheet: its error, the rows before it, nothing after")
  func readerStops() throws {
    let wide = try Self.workbook(second: Array(repeating: .number(1), count: 16_385))
    // Several times: the unpacking thread is stopped wherever it is, waiting for room or not.
    for _ in 1...10 {
      var numbers: [Int] = []
      let error = #expect(throws: SheetError.self) {
        try wide.withUnsafeBufferPointer { bytes in try XLSXSheet.read(bytes) { numbers.append($0.number) } }
      }
      #expect(error?.reason == "row 2 has more than 16384 columns")
      #expect(numbers == [1])
    }
  }

  /// The sheet's deflated stream damaged: its first block of a type deflate does not have, which
  /// zlib refuses; 64 bytes half way, which it inflates without complaint and only the entry's
  /// CRC-32 tells.
  @Test(
    "A sheet whose deflated bytes are damaged: why, whether zlib refuses them or not",
    arguments: [
      (false, [UInt8(0x07)], "cannot unpack xl/worksheets/sheet1.xml from the workbook"),
      (
        true, Array(repeating: 0xFF, count: 64),
        "xl/worksheets/sheet1.xml is damaged: what it unpacks to does not match its CRC-32"
      ),
    ])
  func damaged(halfWay: Bool, damage: [UInt8], reason: String) throws {
    var bytes = try Self.workbook(second: [.text("Which?"), .text("This"), .text("That")])
    let name = Array("xl/worksheets/sheet1.xml".utf8)
    let header = try #require(
      bytes.indices.first { start in
        bytes[start...].starts(with: [0x50, 0x4B, 0x03, 0x04]) && bytes[(start + 30)...].starts(with: name)
      })
    let size = Int(bytes[header + 18]) | Int(bytes[header + 19]) << 8 | Int(bytes[header + 20]) << 16
    let data = header + 30 + name.count + (Int(bytes[header + 28]) | Int(bytes[header + 29]) << 8)
    try #require(size > 10_000, "the sheet deflates to \(size) bytes, too few to damage half way")
    let start = halfWay ? data + size / 2 : data
    bytes.replaceSubrange(start..<(start + damage.count), with: damage)
    let error = #expect(throws: SheetError.self) {
      try bytes.withUnsafeBufferPointer { bytes in try XLSXSheet.read(bytes) { _ in } }
    }
    #expect(error?.reason == reason)
  }
}
