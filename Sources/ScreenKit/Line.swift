/// One line of screen output made of styled spans. The terminal decides how a style looks,
/// or whether it shows at all.
public struct Line: Equatable, Sendable, ExpressibleByStringLiteral {
  public enum Style: Sendable, Equatable {
    case plain
    case title
    case emphasis
    case dim
    case success
    case failure
    /// A QR code's blocks: light on black whatever the terminal's own colours.
    case code
  }

  public struct Span: Equatable, Sendable {
    public var text: String
    public var style: Style

    public init(text: String, style: Style) {
      self.text = text
      self.style = style
    }
  }

  public var spans: [Span]
  /// Where the rows of this line continue when the terminal is too narrow for it: the
  /// column its second part starts at (a label, then text). Nil: the terminal finds it.
  public var hangingIndent: Int?
  /// A list, `A 1, B 2, …`: its rows break after a comma, so that no item is split from its
  /// count; an item longer than a row breaks between its words.
  public var isList = false

  public init(_ text: String = "", style: Style = .plain) {
    spans = text.isEmpty ? [] : [Span(text: text, style: style)]
  }

  public init(spans: [Span]) {
    self.spans = spans
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The text without styles.
  public var text: String { spans.map(\.text).joined() }

  public static func + (lhs: Line, rhs: Line) -> Line {
    var joined = Line(spans: lhs.spans + rhs.spans)
    joined.hangingIndent = lhs.hangingIndent ?? rhs.hangingIndent
    joined.isList = lhs.isList || rhs.isList
    return joined
  }

  /// This line, its wrapped rows continuing at `column`.
  public func hanging(at column: Int) -> Line {
    var line = self
    line.hangingIndent = column
    return line
  }

  /// This line as a list (`isList`), its wrapped rows continuing at `column`.
  public func list(hangingAt column: Int) -> Line {
    var line = hanging(at: column)
    line.isList = true
    return line
  }
}
