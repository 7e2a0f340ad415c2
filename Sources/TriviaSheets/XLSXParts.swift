/// The small XML parts of a workbook as this program reads them, without the ZIP they come in:
/// the first sheet's relationship, a relationship's target (`SharedStrings` and `SheetRows` read
/// the large ones). Apart from `XLSXSheet` (which opens the ZIP) so that a fuzzer can build them
/// alone.
enum XLSXParts {
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
}
