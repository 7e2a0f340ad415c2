/// What a player sends the host. On the wire one JSON object with one key, the message's
/// name, e.g. `{"answer":{"q":3,"c":1}}`.
public enum PlayerMessage: Codable, Equatable, Sendable {
  /// The first message on a connection; `token` asks for a place kept after a drop.
  case join(name: String, token: String?)
  /// `question` is the question's number (1-based), `choice` an index into its choices.
  case answer(question: Int, choice: Int)
  /// The first message of a big screen (`/CODE/screen#KEY`): it is sent every stage, with what
  /// only a screen shows (how many have answered, the reveal's bars), and never has a seat.
  /// `key` is the screen's own (`NightScreenKey`), from its address: without it no slot.
  case watch(key: String?)

  private enum Kind: String, CodingKey {
    case join, answer, watch
  }

  private enum Field: String, CodingKey {
    case name, token, key
    case question = "q"
    case choice = "c"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard container.allKeys.count == 1, let kind = container.allKeys.first else { throw WireFault.unknownMessage }
    let fields = try container.nestedContainer(keyedBy: Field.self, forKey: kind)
    switch kind {
    case .watch: self = .watch(key: try fields.decodeIfPresent(String.self, forKey: .key))
    case .join:
      self = .join(
        name: try fields.decode(String.self, forKey: .name),
        token: try fields.decodeIfPresent(String.self, forKey: .token))
    case .answer:
      let question = try fields.decode(Int.self, forKey: .question)
      let choice = try fields.decode(Int.self, forKey: .choice)
      guard question >= 1 else { throw WireFault.outOfRange("question") }
      guard choice >= 0 else { throw WireFault.outOfRange("choice") }
      self = .answer(question: question, choice: choice)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Kind.self)
    switch self {
    case .join(let name, let token):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .join)
      try fields.encode(name, forKey: .name)
      try fields.encodeIfPresent(token, forKey: .token)
    case .answer(let question, let choice):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .answer)
      try fields.encode(question, forKey: .question)
      try fields.encode(choice, forKey: .choice)
    case .watch(let key):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .watch)
      try fields.encodeIfPresent(key, forKey: .key)
    }
  }
}

/// Thrown from inside decoding so NightWire can tell these apart from JSON that does not parse.
enum WireFault: Error {
  case unknownMessage
  case outOfRange(String)
}
