/// A part read as it is unpacked, a piece at a time: each time bytes come, `read` takes what it
/// can of those not yet taken (its reader's place when it returns), and an event the bytes cut
/// short is read again once more have come. A sheet's megabytes are never in memory at once.
struct SheetPieces {
  private var bytes: [UInt8] = []
  /// When an event is longer than what has come (a cell of 100 KB), it is read again only once
  /// the bytes have doubled: reading it again at each piece would take the square of its length.
  private var readAgainAt = 0

  init() {
    bytes.reserveCapacity(1 << 17)
  }

  mutating func add(
    _ piece: some Collection<UInt8>, _ read: (inout SheetXML) throws(SheetError) -> Void
  ) throws(SheetError) {
    bytes.append(contentsOf: piece)
    guard bytes.count >= readAgainAt else { return }
    let taken = try SheetXML.reading(bytes, isLast: false) { xml throws(SheetError) in
      try read(&xml)
      return xml.place
    }
    bytes.removeSubrange(..<taken)
    readAgainAt = bytes.count * 2
  }

  /// What is left, read to its end: the part is over.
  mutating func finish(_ read: (inout SheetXML) throws(SheetError) -> Void) throws(SheetError) {
    try SheetXML.reading(bytes) { xml throws(SheetError) in try read(&xml) }
    bytes = []
  }
}
