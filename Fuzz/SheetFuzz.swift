/// libFuzzer target for a workbook's XML parts, as `XLSXSheet` reads them once unzipped:
/// `SheetXML`, which walks a borrowed buffer by index arithmetic, and the readers of a sheet's
/// rows (whole and in pieces, as unpacked), the shared strings and the relationships. The first
/// byte picks the reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSheet(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let all = fuzzBytes(data, size)
  guard let choice = all.first else { return 0 }
  let bytes = Array(all.dropFirst())
  // Every event lies within the bytes, and the reader always moves on.
  try? SheetXML.reading(bytes) { xml throws(SheetError) in
    var events = 0
    while let event = xml.next() {
      events += 1
      require(events <= bytes.count + 1, "more events than bytes")
      switch event {
      case .start(let name, let attributes, _):
        require(name.upperBound <= bytes.count && attributes.upperBound <= bytes.count, "a tag past the end")
      case .end(let name): require(name.upperBound <= bytes.count, "an end tag past the end")
      case .text(let range), .cdata(let range): require(range.upperBound <= bytes.count, "text past the end")
      }
    }
  }
  switch choice % 4 {
  case 0:
    // Read whole, and in pieces as a workbook is unpacked (cut where the bytes say): the same
    // rows and the same error.
    let strings = ["shared", "", "_x000D_"]
    func rows(cutAt cuts: [Int]) -> ([SheetRow], SheetError?) {
      var rows: [SheetRow] = []
      var reader = SheetRows(strings: strings)
      let read = { (xml: inout SheetXML) throws(SheetError) in
        try reader.read(&xml) { row in
          require(row.cells.count <= SheetRows.lastColumn, "a row wider than a sheet")
          rows.append(row)
        }
      }
      do throws(SheetError) {
        var pieces = SheetPieces()
        var start = 0
        for cut in cuts {
          try pieces.add(bytes[start..<cut], read)
          start = cut
        }
        try pieces.add(bytes[start...], read)
        try pieces.finish(read)
        return (rows, nil)
      } catch {
        require(!error.reason.isEmpty, "an error without a reason")
        return (rows, error)
      }
    }
    let whole = rows(cutAt: [])
    let cut = rows(cutAt: cuts(bytes))
    require(whole.0 == cut.0 && whole.1 == cut.1, "rows read in pieces unlike rows read whole")
  case 1:
    // Whole, and in pieces: the same strings.
    func strings(cutAt cuts: [Int]) -> [String] {
      var strings = SharedStrings()
      var pieces = SheetPieces()
      var start = 0
      for cut in cuts + [bytes.count] {
        try? pieces.add(bytes[start..<cut]) { xml in strings.read(&xml) }
        start = cut
      }
      try? pieces.finish { xml in strings.read(&xml) }
      return strings.strings
    }
    require(strings(cutAt: []) == strings(cutAt: cuts(bytes)), "strings read in pieces unlike strings read whole")
  case 2:
    _ = try? SheetXML.reading(bytes) { xml throws(SheetError) in XLSXParts.firstSheet(&xml) }
  default:
    // A target may name any path; what matters is that reading it never stops the program.
    _ = try? SheetXML.reading(bytes) { xml throws(SheetError) in
      XLSXParts.target(ofTypeEnding: "/sharedStrings", in: &xml)
    }
  }
  return 0
}

/// Where to cut `bytes` into pieces, as unpacking would: at places their first bytes spell.
private func cuts(_ bytes: [UInt8]) -> [Int] {
  Array(Set(bytes.prefix(8).map { Int($0) * bytes.count / 256 })).sorted()
}
