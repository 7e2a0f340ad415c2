extension NightWire {
  /// `{"you":…}` as the JSON encoder writes it (sorted keys, `/` escaped, the name's other
  /// characters as they are), a few times faster: trivia-night and each edge write one for every
  /// player at every question, and the encoder was most of what turning a row into one cost.
  static func encode(you: NightYou) -> String {
    var json = #"{"you":{"#
    if let answer = you.answer { json += #""answer":{"c":\#(answer.choice),"q":\#(answer.question)},"# }
    json += #""moved":\#(you.moved),"name":""#
    appendEscaped(you.name, to: &json)
    json += #"","place":\#(you.place),"points":\#(you.points),"score":\#(you.score),"since":\#(you.since)}}"#
    return json
  }

  /// `text` inside a JSON string's quotes, escaped as the JSON encoder escapes it.
  private static func appendEscaped(_ text: String, to json: inout String) {
    var start = text.unicodeScalars.startIndex
    var index = start
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String? =
        switch scalar {
        case "\"": #"\""#
        case "\\": #"\\"#
        case "/": #"\/"#
        case "\n": #"\n"#
        case "\r": #"\r"#
        case "\t": #"\t"#
        case "\u{8}": #"\b"#
        case "\u{C}": #"\f"#
        case _ where scalar.value < 0x20: #"\u00"# + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: nil
        }
      if let escape {
        json.unicodeScalars.append(contentsOf: scalars[start..<index])
        json += escape
        start = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    json.unicodeScalars.append(contentsOf: scalars[start..<index])
  }
}
