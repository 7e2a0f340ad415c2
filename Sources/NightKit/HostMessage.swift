/// What the host sends a player. On the wire one JSON object with one key, the message's name,
/// e.g. `{"late":3}`. The state messages (`welcome`, `stage`, `you`) each replace the whole of
/// what a player keeps or one half of it (`NightState`); what every player sees goes out once
/// for all as a `stage`. A question never carries its right answer: that leaves the host only
/// in a reveal, after the deadline.
public enum HostMessage: Codable, Equatable, Sendable {
  /// You are in: your token and the night as you see it.
  case welcome(NightWelcome)
  /// The join is refused, said in one sentence; the connection closes after it.
  case refused(String)
  /// What everyone sees now.
  case stage(NightStage)
  /// Your own part, changed: an answer taken, a question scored.
  case you(NightYou)
  /// Your answer reached the host after the question's deadline and does not count.
  case late(question: Int)
  /// The host's process is gone (sent for it by `trivia-night`): the night is over.
  case ended(String)
  /// The host removed you.
  case kicked

  private enum Kind: String, CodingKey {
    case welcome, refused, stage, you, late, ended, kicked
  }

  private enum Empty: CodingKey {}

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard container.allKeys.count == 1, let kind = container.allKeys.first else { throw WireFault.unknownMessage }
    switch kind {
    case .welcome: self = .welcome(try container.decode(NightWelcome.self, forKey: kind))
    case .refused: self = .refused(try container.decode(String.self, forKey: kind))
    case .stage: self = .stage(try container.decode(NightStage.self, forKey: kind))
    case .you: self = .you(try container.decode(NightYou.self, forKey: kind))
    case .late: self = .late(question: try container.decode(Int.self, forKey: kind))
    case .ended: self = .ended(try container.decode(String.self, forKey: kind))
    case .kicked: self = .kicked
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Kind.self)
    switch self {
    case .welcome(let welcome): try container.encode(welcome, forKey: .welcome)
    case .refused(let reason): try container.encode(reason, forKey: .refused)
    case .stage(let stage): try container.encode(stage, forKey: .stage)
    case .you(let you): try container.encode(you, forKey: .you)
    case .late(let question): try container.encode(question, forKey: .late)
    case .ended(let reason): try container.encode(reason, forKey: .ended)
    case .kicked: _ = container.nestedContainer(keyedBy: Empty.self, forKey: .kicked)
    }
  }
}
