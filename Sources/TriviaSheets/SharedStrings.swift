/// A workbook's shared string table as its bytes come: each `<si>`'s `<t>` texts joined, those of
/// `<rPh>` (a phonetic guide shown above the text, not part of it) left out; the string being
/// read is kept from one piece of the part to the next.
struct SharedStrings {
  private(set) var strings: [String] = []
  private var current = ""
  // Whether the text may hold SpreadsheetML's `_x000D_` escapes: most hold no `_`.
  private var underscore = false
  private var inText = false
  private var inPhonetic = false

  /// The strings `xml` holds, as far as it can be read: an event its bytes cut short is left
  /// for the next piece.
  mutating func read(_ xml: inout SheetXML) {
    while let event = xml.next() {
      switch event {
      case .start(let name, _, let empty):
        if xml.isName(name, "si") {
          (current, underscore) = ("", false)
          if !empty, !inPhonetic, let plain = Self.plainString(&xml) {
            // Left as its tags, read one by one, would leave it.
            (current, underscore, inText) = (plain.text, plain.underscore, false)
            endString()
            continue
          }
        } else if xml.isName(name, "t") {
          inText = !empty
        } else if xml.isName(name, "rPh") {
          inPhonetic = !empty
        }
        if empty, xml.isName(name, "si") { strings.append("") }
      case .end(let name):
        if xml.isName(name, "si") {
          endString()
        } else if xml.isName(name, "t") {
          inText = false
        } else if xml.isName(name, "rPh") {
          inPhonetic = false
        }
      case .text(let range), .cdata(let range):
        guard inText, !inPhonetic else { break }
        if case .cdata = event {
          current += String(decoding: xml.bytes[range], as: UTF8.self)
        } else {
          current += xml.text(range)
        }
        if xml.contains(UInt8(ascii: "_"), in: range) { underscore = true }
      }
    }
  }

  /// The string read, SpreadsheetML's escapes undone, at its `</si>`.
  private mutating func endString() {
    strings.append(underscore ? current.unescapingSpreadsheetML : current)
  }

  /// `<t>text</t></si>` at the reader's place (after an `<si>`), the shape nearly every
  /// string has, read without an event a tag: its text, entities decoded, and whether it may
  /// hold SpreadsheetML's escapes; nil, the reader where it was, for any other shape (rich text
  /// runs, a phonetic guide).
  private static func plainString(_ xml: inout SheetXML) -> (text: String, underscore: Bool)? {
    xml.readAhead { xml in
      guard xml.skip("<t>") || xml.skip("<t xml:space=\"preserve\">") else { return nil }
      let text = xml.textToTag()
      guard xml.skip("</t></si>") else { return nil }
      return (xml.text(text), xml.contains(UInt8(ascii: "_"), in: text))
    }
  }
}
