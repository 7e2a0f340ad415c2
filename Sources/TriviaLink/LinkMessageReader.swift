/// Reads what a sender writes, as it arrives: bytes in, a link or a refusal out.
///
/// Pure, so it can be fuzzed (Fuzz/LinkMessageFuzz.swift), and bounded: it never holds more
/// than one message's bytes, and decides as soon as the bytes allow: a control byte or one
/// byte past the limit is refused without waiting for a newline that may never come.
public struct LinkMessageReader: Sendable {
  /// What a message turned out to be.
  public enum Outcome: Equatable, Sendable {
    case link(String)
    case refused(Refusal)
  }

  /// Why a message is not a link; ``reason`` is what the sender is told.
  public enum Refusal: Equatable, Sendable, CaseIterable {
    case tooLong, notText, notUTF8, severalLines, unfinished, unknownRequest, emptyLink

    public var reason: String {
      switch self {
      case .tooLong: "too long: a message is at most \(LinkProtocol.maximumMessageBytes) bytes"
      case .notText: "not a link: it holds control characters"
      case .notUTF8: "not a link: it is not UTF-8 text"
      case .severalLines: "one link per connection, on one line"
      case .unfinished: "the message ended before its newline"
      case .unknownRequest: "expected '\(LinkProtocol.verb) LINK'"
      case .emptyLink: "no link after '\(LinkProtocol.verb)'"
      }
    }
  }

  private var line: [UInt8] = []
  /// Set once decided; later bytes change nothing.
  public private(set) var outcome: Outcome?

  public init() {}

  /// The bytes held, never more than a message.
  var bufferedCount: Int { line.count }

  /// Takes the bytes that arrived; the outcome once there is one, nil while the line goes on.
  /// Bytes after the newline in the same arrival are a second line, and refused.
  public mutating func read(_ bytes: some Collection<UInt8>) -> Outcome? {
    guard outcome == nil else { return outcome }
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      bytes.formIndex(after: &index)
      if byte == UInt8(ascii: "\n") {
        return decide(index == bytes.endIndex ? Self.outcome(of: line) : .refused(.severalLines))
      }
      if byte < 0x20 || byte == 0x7F { return decide(.refused(.notText)) }
      if line.count == LinkProtocol.maximumMessageBytes - 1 { return decide(.refused(.tooLong)) }
      line.append(byte)
    }
    return nil
  }

  /// The sender closed its side. Nil when it wrote nothing: a probe, not a message.
  public mutating func end() -> Outcome? {
    if outcome == nil && !line.isEmpty { return decide(.refused(.unfinished)) }
    return outcome
  }

  /// A whole message read at once, then its end.
  public static func read(_ message: some Collection<UInt8>) -> Outcome? {
    var reader = LinkMessageReader()
    return reader.read(message) ?? reader.end()
  }

  private mutating func decide(_ outcome: Outcome) -> Outcome {
    self.outcome = outcome
    line = []
    return outcome
  }

  /// A complete line, its newline gone: `open LINK`, spaces around the link dropped.
  private static func outcome(of line: [UInt8]) -> Outcome {
    guard let text = String(validating: line, as: UTF8.self) else { return .refused(.notUTF8) }
    // C0 and DEL were refused byte by byte; C1 controls and line separators are whole
    // characters, and a terminal would act on them if the link were ever shown raw.
    let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
    if text.unicodeScalars.contains(where: { breaking.contains($0.properties.generalCategory) }) {
      return .refused(.notText)
    }
    let words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
    guard words.first == Substring(LinkProtocol.verb) else { return .refused(.unknownRequest) }
    var link = words.dropFirst().first?.drop { $0 == " " } ?? ""
    while link.last == " " { link = link.dropLast() }
    return link.isEmpty ? .refused(.emptyLink) : .link(String(link))
  }
}
