/// libFuzzer target for a workbook's XML parts, as `XLSXSheet` reads them once unzipped:
/// `SheetXML`, which walks a borrowed buffer by index arithmetic, and `XLSXParts`' readers of
/// a sheet's rows, the shared strings and the relationships. The first byte picks the reader.
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
    let strings = ["shared", "", "_x000D_"]
    do {
      try SheetXML.reading(bytes) { xml throws(SheetError) in
        try XLSXParts.sheetRows(&xml, strings: strings) { row in
          require(row.cells.count <= XLSXParts.lastColumn, "a row wider than a sheet")
        }
      }
    } catch {
      require(!error.reason.isEmpty, "an error without a reason")
    }
  case 1:
    _ = try? SheetXML.reading(bytes) { xml throws(SheetError) in XLSXParts.sharedStrings(&xml) }
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
