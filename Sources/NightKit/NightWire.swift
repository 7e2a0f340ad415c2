import FoundationEssentials

/// A night's messages as WebSocket text frames: one JSON object each, at most 4 KiB from a
/// player (the host's final table may be larger: it is encoded once for everyone).
public enum NightWire {
  public static let maxMessageBytes = 4096

  /// Host side: what goes out, encoded once however many receive it.
  public static func encode(_ message: HostMessage) -> String {
    encodeValue(message)
  }

  /// Host side: what a player sent.
  public static func decode(_ text: String) throws(NightWireError) -> PlayerMessage {
    try decodeValue(PlayerMessage.self, text)
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
