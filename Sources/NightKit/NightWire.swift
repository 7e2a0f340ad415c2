import FoundationEssentials

/// A night's messages as WebSocket text frames: one JSON object each, at most 4 KiB from a
/// player (the host's final table may be larger: it is encoded once for everyone).
public enum NightWire {
  public static let maxMessageBytes = 4096

  /// Host side: what goes out, encoded once however many receive it. A `you`, encoded once
  /// for each player at every question, is written without the JSON encoder (`NightWire+You`).
  public static func encode(_ message: HostMessage) -> String {
    if case .you(let you) = message { return encode(you: you) }
    return encodeValue(message)
  }

  /// Host side: what a player sent. An answer as players' pages and `trivia join` write it is
  /// read without a JSON decoder: it is most of what a room reads, thousands a question.
  public static func decode(_ text: String) throws(NightWireError) -> PlayerMessage {
    if let answer = answer(text) { return answer }
    return try decodeValue(PlayerMessage.self, text)
  }

  /// `{"answer":{"q":Q,"c":C}}` exactly (or `c` first, as sorted keys write it), Q ≥ 1 and
  /// C ≥ 0 without leading zeros; nil for anything else, which the decoder then judges.
  static func answer(_ text: String) -> PlayerMessage? {
    var text = text
    return text.withUTF8 { bytes -> PlayerMessage? in
      guard bytes.count < 64 else { return nil }
      var index = 0
      func skip(_ literal: String) -> Bool {
        guard bytes[index...].starts(with: literal.utf8) else { return false }
        index += literal.utf8.count
        return true
      }
      func number() -> Int? {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        let digits = index - start
        guard digits > 0, digits <= 9, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        return bytes[start..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      }
      guard skip(#"{"answer":{""#), index < bytes.count else { return nil }
      let questionFirst = bytes[index] == UInt8(ascii: "q")
      guard skip(questionFirst ? #"q":"# : #"c":"#), let first = number(),
        skip(questionFirst ? #","c":"# : #","q":"#), let second = number(), skip("}}"), index == bytes.count
      else { return nil }
      let (question, choice) = questionFirst ? (first, second) : (second, first)
      guard question >= 1 else { return nil }
      return .answer(question: question, choice: choice)
    }
  }

  /// Player side: what goes to the host.
  public static func encode(_ message: PlayerMessage) -> String {
    encodeValue(message)
  }

  /// Player side: what the host sent (no size limit: the final table of a big night is long).
  public static func decodeHost(_ text: String) throws(NightWireError) -> HostMessage {
    try decodeValue(HostMessage.self, text, limit: .max)
  }

  /// Sorted keys: the same message is the same text, which logs and tests can compare.
  private static let encoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  private static func encodeValue(_ value: some Encodable) -> String {
    // Only strings, integers and booleans: encoding cannot fail.
    String(decoding: try! encoder.encode(value), as: UTF8.self)
  }

  private static func decodeValue<Message: Decodable>(
    _ type: Message.Type, _ text: String, limit: Int = maxMessageBytes
  ) throws(NightWireError) -> Message {
    let bytes = text.utf8.count
    guard bytes <= limit else { throw .tooLarge(bytes: bytes) }
    do {
      return try JSONDecoder().decode(type, from: Data(text.utf8))
    } catch let fault as WireFault {
      switch fault {
      case .unknownMessage: throw .unknownMessage
      case .outOfRange(let field): throw .outOfRange(field: field)
      }
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw .notJSON
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
      throw .unknownMessage
    } catch {
      throw .malformed
    }
  }
}
