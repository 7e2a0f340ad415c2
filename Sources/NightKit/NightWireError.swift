/// Why a message from the other side was not one: the connection it came on is closed, and the
/// sentence is for the log.
public enum NightWireError: Error, Equatable, Sendable, CustomStringConvertible {
  case tooLarge(bytes: Int)
  case notJSON
  case unknownMessage
  case outOfRange(field: String)
  /// JSON, and a known message, but a field is missing or of the wrong type.
  case malformed

  public var description: String {
    switch self {
    case .tooLarge(let bytes): "The message is \(bytes) bytes, over the \(NightWire.maxMessageBytes) a message may be."
    case .notJSON: "The message is not JSON."
    case .unknownMessage: "The message is not one this night knows."
    case .outOfRange(let field): "The message's \(field) is out of range."
    case .malformed: "The message lacks a field, or has one of the wrong type."
    }
  }
}
