import Foundation
import ZIPFoundation

/// A workbook of one sheet, the least Excel, LibreOffice and openpyxl open without a
/// complaint: its content types, relationships, workbook, a style sheet (the header bold),
/// the sheet, and its text in a shared string table, as Excel writes it: each text once (a
/// category, True and False), and a third less XML to read than with inline strings.
/// Written in memory, with a fixed date on its entries, so the same rows make the same bytes.
public enum XLSXWriter {
  public enum Cell: Sendable, Equatable {
    case text(String)
    case number(Int)
  }

  /// The workbook's bytes: `rows` from A1, the first row bold and kept in view.
  public static func workbook(sheet name: String, rows: [[Cell]]) throws(SheetError) -> [UInt8] {
    var strings = SharedStrings()
    let sheet = sheetXML(rows, strings: &strings)
    let parts: [(String, [UInt8])] = [
      ("[Content_Types].xml", Array(contentTypes.utf8)),
      ("_rels/.rels", Array(packageRelationships.utf8)),
      ("xl/workbook.xml", Array(workbookXML(sheet: name).utf8)),
      ("xl/_rels/workbook.xml.rels", Array(workbookRelationships.utf8)),
      ("xl/styles.xml", Array(styles.utf8)),
      ("xl/worksheets/sheet1.xml", sheet),
      ("xl/sharedStrings.xml", strings.xml),
    ]
    do {
      let archive = try Archive(data: Data(), accessMode: .create)
      // 1 January 2000: a date of its own, not the hour it was written.
      let date = Date(timeIntervalSince1970: 946_684_800)
      for (path, bytes) in parts {
        try archive.addEntry(
          with: path, type: .file, uncompressedSize: Int64(bytes.count), modificationDate: date,
          compressionMethod: .deflate
        ) { position, size in
          Data(bytes[Int(position)..<(Int(position) + size)])
        }
      }
      guard let data = archive.data else { throw SheetError("the ZIP was not made in memory") }
      return Array(data)
    } catch let error as SheetError {
      throw error
    } catch {
      throw SheetError("cannot write the ZIP: \(error)")
    }
  }

  static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
  static let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
  static let packageRelationshipsNamespace = "http://schemas.openxmlformats.org/package/2006/relationships"
  static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

  static let contentTypes =
    declaration + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
    + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
    + "<Override PartName=\"/xl/workbook.xml\" "
    + "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
    + "<Override PartName=\"/xl/worksheets/sheet1.xml\" "
    + "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
    + "<Override PartName=\"/xl/styles.xml\" "
    + "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
    + "<Override PartName=\"/xl/sharedStrings.xml\" "
    + "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml\"/>"
    + "</Types>"

  static let packageRelationships =
    declaration + "<Relationships xmlns=\"\(packageRelationshipsNamespace)\">"
    + "<Relationship Id=\"rId1\" Type=\"\(relationships)/officeDocument\" Target=\"xl/workbook.xml\"/>"
    + "</Relationships>"

  static func workbookXML(sheet name: String) -> String {
    declaration + "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\">"
      + "<sheets><sheet name=\"\(escaped(name))\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
  }

  static let workbookRelationships =
    declaration + "<Relationships xmlns=\"\(packageRelationshipsNamespace)\">"
    + "<Relationship Id=\"rId1\" Type=\"\(relationships)/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
    + "<Relationship Id=\"rId2\" Type=\"\(relationships)/styles\" Target=\"styles.xml\"/>"
    + "<Relationship Id=\"rId3\" Type=\"\(relationships)/sharedStrings\" Target=\"sharedStrings.xml\"/>"
    + "</Relationships>"

  /// Two cell formats: 0 plain, 1 bold for the header.
  static let styles =
    declaration + "<styleSheet xmlns=\"\(main)\">"
    + "<fonts count=\"2\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font>"
    + "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>"
    + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
    + "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
    + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
    + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
    + "<cellXfs count=\"2\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
    + "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyFont=\"1\"/></cellXfs>"
    + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
    + "</styleSheet>"

  /// The table of a workbook's texts: each text's number is its place, given on first use.
  struct SharedStrings {
    private var numbers: [String: Int] = [:]
    private var uses = 0
    private var table = ""

    mutating func number(_ text: String) -> Int {
      uses += 1
      if let number = numbers[text] { return number }
      let number = numbers.count
      numbers[text] = number
      // Spaces at either end are kept only where the text says so, as Excel writes it.
      let keepsSpaces = text.first?.isWhitespace == true || text.last?.isWhitespace == true
      table += keepsSpaces ? "<si><t xml:space=\"preserve\">" : "<si><t>"
      table += escaped(text, cell: true) + "</t></si>"
      return number
    }

    var xml: [UInt8] {
      let head = declaration + "<sst xmlns=\"\(main)\" count=\"\(uses)\" uniqueCount=\"\(numbers.count)\">"
      return Array((head + table + "</sst>").utf8)
    }
  }

  static func sheetXML(_ rows: [[Cell]], strings: inout SharedStrings) -> [UInt8] {
    var out = declaration + "<worksheet xmlns=\"\(main)\"><sheetViews><sheetView workbookViewId=\"0\">"
    out += "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
    out += "</sheetView></sheetViews><sheetData>"
    for (rowIndex, row) in rows.enumerated() {
      let number = rowIndex + 1
      out += "<row r=\"\(number)\">"
      for (columnIndex, cell) in row.enumerated() {
        let reference = columnName(columnIndex + 1) + String(number)
        let style = rowIndex == 0 ? " s=\"1\"" : ""
        switch cell {
        case .text(let text) where text.isEmpty: continue
        case .text(let text):
          out += "<c r=\"\(reference)\"\(style) t=\"s\"><v>\(strings.number(text))</v></c>"
        case .number(let value): out += "<c r=\"\(reference)\"\(style)><v>\(value)</v></c>"
        }
      }
      out += "</row>"
    }
    out += "</sheetData></worksheet>"
    return Array(out.utf8)
  }

  /// 1 as A, 27 as AA.
  static func columnName(_ number: Int) -> String {
    var number = number
    var name = ""
    while number > 0 {
      let digit = (number - 1) % 26
      name = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(digit))) + name
      number = (number - 1) / 26
    }
    return name
  }

  /// `text` for XML: `&`, `<`, `>` and `"` as entities; in a cell, what XML 1.0 cannot hold
  /// (control characters, a carriage return it would turn into a line feed) and an
  /// underscore that would read as an escape, as SpreadsheetML's `_xHHHH_`.
  static func escaped(_ text: String, cell: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    var scalars = text.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "_" where cell && looksLikeEscape(scalars):
        out += "_x005F_"
      case "\t", "\n": out.unicodeScalars.append(scalar)
      case _ where cell && (scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF):
        out += "_x" + hex4(scalar.value) + "_"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether the scalars after an underscore are `xHHHH_`.
  private static func looksLikeEscape(_ rest: Substring.UnicodeScalarView) -> Bool {
    let next = Array(rest.prefix(6))
    guard next.count == 6, next[0] == "x", next[5] == "_" else { return false }
    return next[1...4].allSatisfy { $0.properties.isASCIIHexDigit }
  }

  private static func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
