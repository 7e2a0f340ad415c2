extension HTMLEntities {
  /// Appends the text a reader sees in `html`: tags dropped (a block's, `<p>`, `<br>`,
  /// `<div>`, `<li>`, as a space, an inline one's, `<b>`, `<sub>`, as nothing), character
  /// references decoded, and runs of spaces and line breaks as one space, none at either end.
  /// A GIFT question written `[html]` is asked as this text: the screens show no markup.
  static func appendText(ofHTML html: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var text: [UInt8] = []
    text.reserveCapacity(html.count)
    var index = 0
    while index < html.count {
      let byte = html[index]
      if byte == UInt8(ascii: "<"), index + 1 < html.count, startsTag(html[index + 1]),
        let close = html[(index + 1)...].firstIndex(of: UInt8(ascii: ">"))
      {
        if separatesText(UnsafeBufferPointer(rebasing: html[(index + 1)..<close])) { text.append(UInt8(ascii: " ")) }
        index = close + 1
        continue
      }
      text.append(byte)
      index += 1
    }
    var decoded: [UInt8] = []
    text.withUnsafeBufferPointer { decode($0, into: &decoded) }
    var pendingSpace = false
    let first = out.count
    for byte in decoded {
      // HTML's ASCII whitespace, the form feed included.
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r") || byte == 0x0C
      {
        pendingSpace = out.count > first
        continue
      }
      if pendingSpace { out.append(UInt8(ascii: " ")) }
      pendingSpace = false
      out.append(byte)
    }
  }

  /// A letter, `/` or `!` after `<` starts a tag or a comment; `a < b` is text.
  private static func startsTag(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "/")
      || byte == UInt8(ascii: "!")
  }

  /// An ASCII letter or digit, as tag names are made of.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    let lower = byte | 0x20
    return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= 0x30 && byte <= 0x39)
  }

  /// Whether a tag (its text between `<` and `>`) breaks a line or a block where it stands.
  private static func separatesText(_ tag: UnsafeBufferPointer<UInt8>) -> Bool {
    var start = 0
    if start < tag.count, tag[start] == UInt8(ascii: "/") { start += 1 }
    var end = start
    while end < tag.count, isNameByte(tag[end]) { end += 1 }
    let name = String(decoding: UnsafeBufferPointer(rebasing: tag[start..<end]), as: UTF8.self).lowercased()
    return ["br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr"]
      .contains(name)
  }
}
