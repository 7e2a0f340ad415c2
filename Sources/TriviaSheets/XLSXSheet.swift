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
  public static func rows(_ bytes: [UInt8]) throws(SheetError) -> [SheetRow] {
    let archive: Archive
    do {
      archive = try Archive(data: Data(bytes), accessMode: .read)
    } catch {
      throw SheetError("not a readable XLSX workbook (a broken ZIP)")
    }
    let workbook = try entry("xl/workbook.xml", in: archive)
    let relationships = try entry("xl/_rels/workbook.xml.rels", in: archive)
    guard let sheetID = try SheetXML.reading(workbook, firstSheet),
      let sheetTarget = try SheetXML.reading(relationships, { xml in target(ofID: sheetID, in: &xml) })
    else {
      throw SheetError("the workbook names no sheet")
    }
    var strings: [String] = []
    if let path = try SheetXML.reading(relationships, { xml in target(ofTypeEnding: "/sharedStrings", in: &xml) })
      ?? existing("xl/sharedStrings.xml", archive)
    {
      strings = try SheetXML.reading(try entry(path, in: archive), sharedStrings)
    }
    return try SheetXML.reading(try entry(sheetTarget, in: archive)) { xml throws(SheetError) in
      try sheetRows(&xml, strings: strings)
    }
  }

  private static func existing(_ path: String, _ archive: Archive) -> String? {
    archive[path] == nil ? nil : path
  }

  private static func entry(_ path: String, in archive: Archive) throws(SheetError) -> [UInt8] {
    guard let entry = archive[path] else { throw SheetError("the workbook has no \(path)") }
    guard entry.uncompressedSize <= Int64(largestPart) else {
      throw SheetError("\(path) unpacks to more than \(largestPart >> 20) MB")
    }
    // Room for what the ZIP says it holds, at most 64 MB until more comes: a sheet is read
    // once, not copied as it grows.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Int(min(entry.uncompressedSize, 64 << 20)))
    do {
      // The ZIP's own CRC-32 is not checked: inflating a damaged entry fails, or its XML does
      // not read, and the check took a fifth of reading 10,000 questions (75 ms against 61).
      _ = try archive.extract(entry, skipCRC32: true) { chunk in
        // The size a ZIP declares may lie: what is unpacked is counted.
        guard bytes.count + chunk.count <= largestPart else {
          throw SheetError("\(path) unpacks to more than \(largestPart >> 20) MB")
        }
        bytes.append(contentsOf: chunk)
      }
    } catch let error as SheetError {
      throw error
    } catch {
      throw SheetError("cannot unpack \(path) from the workbook")
    }
    return bytes
  }

  /// The relationship id (`r:id`) of the workbook's first `<sheet>`.
  static func firstSheet(_ xml: inout SheetXML) -> String? {
    while let event = xml.next() {
      if case .start(let name, let attributes, _) = event, xml.isName(name, "sheet") {
        return xml.attribute("id", in: attributes)
      }
    }
    return nil
  }

  /// The part a relationship leads to, as a path in the ZIP: targets are relative to `xl/`
  /// unless they start with `/`.
  private static func relationshipTarget(id: String?, typeEnding type: String?, in xml: inout SheetXML) -> String? {
    while let event = xml.next() {
      guard case .start(let name, let attributes, _) = event, xml.isName(name, "Relationship") else { continue }
      if let id, xml.attribute("Id", in: attributes) != id { continue }
      if let type, xml.attribute("Type", in: attributes)?.hasSuffix(type) != true { continue }
      guard let target = xml.attribute("Target", in: attributes) else { return nil }
      return target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
    }
    return nil
  }

  static func target(ofID id: String, in xml: inout SheetXML) -> String? {
    relationshipTarget(id: id, typeEnding: nil, in: &xml)
  }

  static func target(ofTypeEnding type: String, in xml: inout SheetXML) -> String? {
    relationshipTarget(id: nil, typeEnding: type, in: &xml)
  }

  /// The shared string table: each `<si>`'s `<t>` texts joined, those of `<rPh>` (a phonetic
  /// guide shown above the text, not part of it) left out.
  static func sharedStrings(_ xml: inout SheetXML) -> [String] {
    var strings: [String] = []
    var current = ""
    var inText = false
    var inPhonetic = false
    while let event = xml.next() {
      switch event {
      case .start(let name, _, let empty):
        if xml.isName(name, "si") {
          current = ""
        } else if xml.isName(name, "t") {
          inText = !empty
        } else if xml.isName(name, "rPh") {
          inPhonetic = !empty
        }
        if empty, xml.isName(name, "si") { strings.append("") }
      case .end(let name):
        if xml.isName(name, "si") {
          strings.append(current.unescapingSpreadsheetML)
        } else if xml.isName(name, "t") {
          inText = false
        } else if xml.isName(name, "rPh") {
          inPhonetic = false
        }
      case .text(let range):
        if inText, !inPhonetic { current += xml.text(range) }
      case .cdata(let range):
        if inText, !inPhonetic { current += String(decoding: xml.bytes[range], as: UTF8.self) }
      }
    }
    return strings
  }

  /// A sheet's `<row>`s, each cell's text placed at its column.
  static func sheetRows(_ xml: inout SheetXML, strings: [String]) throws(SheetError) -> [SheetRow] {
    var rows: [SheetRow] = []
    var row = SheetRow(number: 0, cells: [])
    var column = 0
    var type = CellType.number
    var value = ""
    var inline = ""
    // Whether the cell's text may hold SpreadsheetML's `_x000D_` escapes: most cells hold no `_`.
    var underscore = false
    var reading: Reading = .nothing
    var inPhonetic = false
    func finishCell() throws(SheetError) {
      // A `</c>` with no `<c>` before it in its row holds nothing to place.
      guard column > 0 else { return }
      let text: String
      switch type {
      case .shared:
        guard let index = Int(value), strings.indices.contains(index) else {
          throw SheetError("row \(row.number) refers to a shared string the workbook does not have")
        }
        text = strings[index]
      case .inline: text = underscore ? inline.unescapingSpreadsheetML : inline
      case .boolean: text = value == "1" ? "TRUE" : value == "0" ? "FALSE" : value
      case .formula: text = underscore ? value.unescapingSpreadsheetML : value
      case .number: text = value
      }
      while row.cells.count < column - 1 { row.cells.append("") }
      if row.cells.count < column { row.cells.append(text) } else { row.cells[column - 1] = text }
    }
    while let event = xml.next() {
      switch event {
      case .start(let name, let attributes, let empty):
        if xml.isName(name, "c") {
          column = xml.attributeValue("r", in: attributes).flatMap { columnNumber(xml.bytes[$0]) } ?? column + 1
          guard column <= lastColumn else { throw SheetError("row \(row.number) has more than \(lastColumn) columns") }
          type = xml.attributeValue("t", in: attributes).map { CellType($0, in: xml) } ?? .number
          (value, inline, underscore) = ("", "", false)
          if empty { try finishCell() }
        } else if xml.isName(name, "row") {
          let number = xml.attribute("r", in: attributes).flatMap { Int($0) } ?? row.number + 1
          // As wide as the row before: a sheet's rows are mostly alike.
          row = SheetRow(number: number, cells: [])
          row.cells.reserveCapacity(rows.last?.cells.count ?? 0)
          column = 0
          if empty { rows.append(row) }
        } else if xml.isName(name, "v") {
          reading = empty ? .nothing : .value
        } else if xml.isName(name, "t") {
          reading = empty ? .nothing : .inline
        } else if xml.isName(name, "rPh") {
          inPhonetic = !empty
        }
      case .end(let name):
        if xml.isName(name, "c") {
          try finishCell()
        } else if xml.isName(name, "row") {
          rows.append(row)
        } else if xml.isName(name, "v") || xml.isName(name, "t") {
          reading = .nothing
        } else if xml.isName(name, "rPh") {
          inPhonetic = false
        }
      case .text(let range), .cdata(let range):
        guard reading == .value || (reading == .inline && !inPhonetic) else { break }
        let isCDATA = if case .cdata = event { true } else { false }
        let text = isCDATA ? String(decoding: xml.bytes[range], as: UTF8.self) : xml.text(range)
        if xml.contains(UInt8(ascii: "_"), in: range) { underscore = true }
        if reading == .value { value += text } else { inline += text }
      }
    }
    return rows
  }

  /// A cell's `t`: what its `<v>` or `<is>` holds.
  private enum CellType {
    case shared, inline, boolean, formula, number

    init(_ range: Range<Int>, in xml: SheetXML) {
      self =
        xml.isBytes(range, "s")
        ? .shared
        : xml.isBytes(range, "inlineStr")
          ? .inline : xml.isBytes(range, "b") ? .boolean : xml.isBytes(range, "str") ? .formula : .number
    }
  }

  private enum Reading { case nothing, value, inline }

  /// `C7` as 3: the letters of a cell reference, A = 1, AA = 27; nil past XFD (16,384), the
  /// last column Excel has, which a hostile file's `ZZZZZZZZZZZZZZ1` would overflow.
  static func columnNumber(_ reference: some Sequence<UInt8>) -> Int? {
    var number = 0
    for byte in reference {
      guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { break }
      number = number * 26 + Int(byte - UInt8(ascii: "A")) + 1
      if number > lastColumn { return nil }
    }
    return number == 0 ? nil : number
  }

  static let lastColumn = 16_384

  /// The most a part may unpack to: far more than any quiz, far less than a ZIP bomb.
  static let largestPart = 512 << 20
}
