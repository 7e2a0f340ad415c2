import CZlibCheck
import Foundation
import ZIPFoundation

/// The first sheet of an XLSX workbook (Excel's, LibreOffice's, openpyxl's), as rows of text:
/// the ZIP opened by ZIPFoundation, its XML read by `SheetXML`.
///
/// The first sheet is the first in the workbook's order (`xl/workbook.xml`), found through
/// the workbook's relationships, not by its file's name. A cell's text is its shared string
/// (`t="s"`, rich text runs joined, phonetic guides left out), its inline string
/// (`t="inlineStr"`), TRUE or FALSE (`t="b"`), or its value as written (a number, a
/// formula's cached result). A cell's reference (`C7`) gives its column: cells left out are
/// empty.
public enum XLSXSheet {
  /// The first sheet's rows of the workbook `bytes`, given to `each` in order; a row given is
  /// the caller's to keep, and its storage is used again for the next when it is not kept.
  /// Before any row, `room` is told what the sheet and its shared strings unpack to, at most
  /// 64 MB: more than their cells' text, so a reader keeping it makes room once. The bytes are
  /// lent to the ZIP reader for the call, not copied.
  public static func read(
    _ bytes: UnsafeBufferPointer<UInt8>, room: (Int) -> Void = { _ in }, rows each: (SheetRow) -> Void
  ) throws(SheetError) {
    let archive: Archive
    do {
      guard let base = bytes.baseAddress else { throw SheetError("") }
      let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
      archive = try Archive(data: data, accessMode: .read)
    } catch {
      throw SheetError("not a readable XLSX workbook (a broken ZIP)")
    }
    let workbook = try entry("xl/workbook.xml", in: archive)
    let relationships = try entry("xl/_rels/workbook.xml.rels", in: archive)
    guard let sheetID = try SheetXML.reading(workbook, XLSXParts.firstSheet),
      let sheetTarget = try SheetXML.reading(relationships, { xml in XLSXParts.target(ofID: sheetID, in: &xml) })
    else {
      throw SheetError("the workbook names no sheet")
    }
    let stringsPath =
      try SheetXML.reading(
        relationships, { xml in XLSXParts.target(ofTypeEnding: "/sharedStrings", in: &xml) })
      ?? existing("xl/sharedStrings.xml", archive)
    let sizes = [sheetTarget, stringsPath].map { path in
      min(Int(clamping: path.flatMap { archive[$0] }?.uncompressedSize ?? 0), roomAtFirst)
    }
    room(min(sizes.reduce(0, +), roomAtFirst))
    var strings = SharedStrings()
    if let stringsPath {
      try read(stringsPath, in: archive) { xml in strings.read(&xml) }
    }
    var rows = SheetRows(strings: strings.strings)
    try read(sheetTarget, in: archive) { xml throws(SheetError) in try rows.read(&xml, each) }
  }

  /// The part at `path` read by `read` as it is unpacked, a piece at a time (`SheetPieces`): on
  /// a thread of its own, so that the next piece is inflated while `read` reads the one before
  /// (zlib was a third of a workbook's read); in turn when the system has no thread to give.
  private static func read(
    _ path: String, in archive: Archive, _ read: (inout SheetXML) throws(SheetError) -> Void
  ) throws(SheetError) {
    var pieces = SheetPieces()
    // The unpacking thread has the archive to itself until the queue has ended.
    let lent = Lent(archive: archive)
    guard let queue = PieceQueue.filled(by: { put throws(SheetError) in try unpack(path, in: lent.archive, put) })
    else {
      try unpack(path, in: archive) { piece throws(SheetError) in try pieces.add(piece, read) }
      return try pieces.finish(read)
    }
    do throws(SheetError) {
      while let piece = try queue.take() { try pieces.add(piece, read) }
      try pieces.finish(read)
    } catch {
      queue.close()
      throw error
    }
  }

  private struct Lent: @unchecked Sendable {
    let archive: Archive
  }

  private static func existing(_ path: String, _ archive: Archive) -> String? {
    archive[path] == nil ? nil : path
  }

  /// The part at `path` unpacked whole: the workbook and its relationships, a few hundred bytes.
  private static func entry(_ path: String, in archive: Archive) throws(SheetError) -> [UInt8] {
    var bytes: [UInt8] = []
    try unpack(path, in: archive) { chunk in bytes.append(contentsOf: chunk) }
    return bytes
  }

  /// The part at `path` unpacked, given to `consume` a piece at a time.
  private static func unpack(
    _ path: String, in archive: Archive, _ consume: (Data) throws(SheetError) -> Void
  ) throws(SheetError) {
    guard let entry = archive[path] else { throw SheetError("the workbook has no \(path)") }
    guard entry.uncompressedSize <= Int64(largestPart) else {
      throw SheetError("\(path) unpacks to more than \(largestPart >> 20) MB")
    }
    var unpacked = 0
    var checksum = crc32(0, nil, 0)
    do {
      // The CRC-32 checked with zlib's, not ZIPFoundation's loop of a byte at a time, which took
      // a fifth of reading 10,000 questions: a damaged entry may inflate without complaint.
      // In pieces of 64 KB, not ZIPFoundation's 16: a quarter of the buffers it makes and fills.
      _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: true) { chunk in
        // The size a ZIP declares may lie: what is unpacked is counted.
        unpacked += chunk.count
        guard unpacked <= largestPart else {
          throw SheetError("\(path) unpacks to more than \(largestPart >> 20) MB")
        }
        checksum = chunk.withUnsafeBytes { bytes in
          crc32(checksum, bytes.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(bytes.count))
        }
        try consume(chunk)
      }
    } catch let error as SheetError {
      throw error
    } catch {
      throw SheetError("cannot unpack \(path) from the workbook")
    }
    guard checksum == entry.checksum else {
      throw SheetError("\(path) is damaged: what it unpacks to does not match its CRC-32")
    }
  }

  /// The most room a reader is told to make before a byte is unpacked: what a ZIP declares
  /// may lie.
  static let roomAtFirst = 64 << 20

  /// The most a part may unpack to: far more than any quiz, far less than a ZIP bomb.
  static let largestPart = 512 << 20
}
