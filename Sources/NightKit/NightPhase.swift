/// Where a night is: `lobby`, then for each question `question`, `reveal`, `standings`, then
/// `final`; `ended` when the host stops it. The number is the question's (1-based).
public enum NightPhase: Equatable, Sendable {
  case lobby
  case question(Int)
  case reveal(Int)
  case standings(Int)
  case final
  case ended
}

/// One string, as a saved night keeps it (`NightRoom.Saved`): "lobby", "question 3", "reveal 3",
/// "standings 3", "final", "ended"; a person reading the database sees where the night was.
extension NightPhase: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    let corrupt = DecodingError.dataCorruptedError(in: container, debugDescription: "no phase \"\(text)\"")
    switch text {
    case "lobby": self = .lobby
    case "final": self = .final
    case "ended": self = .ended
    default:
      let parts = text.split(separator: " ", maxSplits: 1)
      guard parts.count == 2, let number = Int(parts[1]), number > 0 else { throw corrupt }
      switch parts[0] {
      case "question": self = .question(number)
      case "reveal": self = .reveal(number)
      case "standings": self = .standings(number)
      default: throw corrupt
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .lobby: try container.encode("lobby")
    case .question(let number): try container.encode("question \(number)")
    case .reveal(let number): try container.encode("reveal \(number)")
    case .standings(let number): try container.encode("standings \(number)")
    case .final: try container.encode("final")
    case .ended: try container.encode("ended")
    }
  }
}
