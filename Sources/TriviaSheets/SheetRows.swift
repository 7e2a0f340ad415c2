/// A sheet's `<row>`s as its bytes come, each cell's text placed at its column and each row given
/// to `each` in order: what is known of the row and the cell being read is kept from one piece
/// of the sheet to the next. One row's storage serves them all: 10,000 rows made and freed
/// were a fifth of a read.
struct SheetRows {
  let strings: [String]
  private var row = SheetRow(number: 0, cells: [])
  private var column = 0
  private var type = CellType.number
  private var value = ""
  // A shared string's number, read from the bytes of its `<v>`: most cells of a workbook are one.
  private var shared: (number: Int, digits: Int)? = (0, 0)
  private var inline = ""
  // Whether the cell's text may hold SpreadsheetML's `_x000D_` escapes: most cells hold no `_`.
  private var underscore = false
  private var reading: Reading = .nothing
  private var inPhonetic = false

  init(strings: [String]) {
    self.strings = strings
  }

  /// The rows `xml` holds, as far as it can be read: an event its bytes cut short is left for
  /// the next piece.
  mutating func read(_ xml: inout SheetXML, _ each: (SheetRow) -> Void) throws(SheetError) {
    while let event = xml.next() {
      switch event {
      case .start(let name, let attributes, let empty):
        if xml.isName(name, "c") {
          let (reference, typeName) = xml.attributeValues("r", "t", in: attributes)
          column = reference.flatMap { Self.columnNumber(xml.bytes[$0]) } ?? column + 1
          guard column <= Self.lastColumn else {
            throw SheetError("row \(row.number) has more than \(Self.lastColumn) columns")
          }
          type = typeName.map { CellType($0, in: xml) } ?? .number
          (value, shared, inline, underscore) = ("", (0, 0), "", false)
          if empty {
            try finishCell()
          } else if type == .shared, let number = Self.sharedNumber(&xml) {
            (shared, reading) = (number, .nothing)
            try finishCell()
          }
        } else if xml.isName(name, "row") {
          row.number = xml.attribute("r", in: attributes).flatMap { Int($0) } ?? row.number + 1
          row.cells.removeAll(keepingCapacity: true)
          column = 0
          if empty { each(row) } else { try sharedCells(&xml) }
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
          try sharedCells(&xml)
        } else if xml.isName(name, "row") {
          each(row)
        } else if xml.isName(name, "v") || xml.isName(name, "t") {
          reading = .nothing
        } else if xml.isName(name, "rPh") {
          inPhonetic = false
        }
      case .text(let range), .cdata(let range):
        guard reading == .value || (reading == .inline && !inPhonetic) else { break }
        let isCDATA = if case .cdata = event { true } else { false }
        if reading == .value, type == .shared {
          shared = shared.flatMap { soFar in
            !isCDATA && xml.contains(UInt8(ascii: "&"), in: range)
              ? Self.number(adding: xml.text(range).utf8, to: soFar) : Self.number(adding: xml.bytes[range], to: soFar)
          }
          break
        }
        let text = isCDATA ? String(decoding: xml.bytes[range], as: UTF8.self) : xml.text(range)
        if xml.contains(UInt8(ascii: "_"), in: range) { underscore = true }
        if reading == .value { value += text } else { inline += text }
      }
    }
  }

  private mutating func finishCell() throws(SheetError) {
    // A `</c>` with no `<c>` before it in its row holds nothing to place.
    guard column > 0 else { return }
    let text: String
    switch type {
    case .shared:
      guard let shared, shared.digits > 0, strings.indices.contains(shared.number) else {
        throw SheetError("row \(row.number) refers to a shared string the workbook does not have")
      }
      text = strings[shared.number]
    case .inline: text = underscore ? inline.unescapingSpreadsheetML : inline
    case .boolean: text = value == "1" ? "TRUE" : value == "0" ? "FALSE" : value
    case .formula: text = underscore ? value.unescapingSpreadsheetML : value
    case .number: text = value
    }
    while row.cells.count < column - 1 { row.cells.append("") }
    if row.cells.count < column { row.cells.append(text) } else { row.cells[column - 1] = text }
  }

  // The cells of text that come next in the shape every writer gives them, each read at once.
  private mutating func sharedCells(_ xml: inout SheetXML) throws(SheetError) {
    while let cell = Self.sharedCell(&xml) {
      // Left as its tags, read one by one, would leave it.
      (column, type, value, shared, inline, underscore) = (cell.column, .shared, "", cell.string, "", false)
      reading = .nothing
      try finishCell()
    }
  }

  /// `<c r="B2" t="s"><v>12</v></c>`, a style's `s="1"` allowed before the type, at the reader's
  /// place: a cell of text as Excel, LibreOffice and this program write it, read at once; nil,
  /// the reader where it was, for any other shape.
  private static func sharedCell(_ xml: inout SheetXML) -> (column: Int, string: (number: Int, digits: Int))? {
    xml.readAhead { xml in
      guard xml.skip("<c r=\""), let reference = xml.quoted(), let column = columnNumber(xml.bytes[reference]),
        !xml.skip(" s=\"") || xml.quoted() != nil, xml.skip(" t=\"s\">"), let string = sharedNumber(&xml)
      else { return nil }
      return (column, string)
    }
  }

  /// `<v>12</v></c>` at the reader's place (after a shared string's `<c …>`), read without an
  /// event a tag; nil, the reader where it was, for any other shape.
  private static func sharedNumber(_ xml: inout SheetXML) -> (number: Int, digits: Int)? {
    xml.readAhead { xml in
      guard xml.skip("<v>") else { return nil }
      let digits = xml.textToTag()
      guard xml.skip("</v></c>"), let number = number(adding: xml.bytes[digits], to: (0, 0)), number.digits > 0
      else { return nil }
      return number
    }
  }

  /// `so far` with the decimal digits `bytes` after it; nil when a byte is no digit or the
  /// number grows past any table's size.
  private static func number(
    adding bytes: some Collection<UInt8>, to soFar: (number: Int, digits: Int)
  ) -> (number: Int, digits: Int)? {
    var (number, digits) = soFar
    for byte in bytes {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 12 else { return nil }
      number = number * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
    }
    return (number, digits)
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
}
