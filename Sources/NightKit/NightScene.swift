/// Where a night is, with what everyone sees there. On the wire one JSON object with one key,
/// the scene's name, e.g. `{"reveal":{"n":2,"correct":1,"text":"Mercury"}}`.
public enum NightScene: Codable, Equatable, Sendable {
  case lobby
  /// The question with the time it had left when sent: the countdown is the host's.
  case question(NightQuestionView)
  /// The right answer, after the deadline.
  case reveal(NightAnswer)
  /// The top rows after a question.
  case standings(NightStandings)
  /// The whole table after the last question.
  case final(NightStandings)
  /// The host ended the night early, or is gone: why, and the table as it stood when there
  /// was one.
  case ended(reason: String, table: NightStandings?)

  /// The table on screen, if any.
  public var table: NightStandings? {
    switch self {
    case .standings(let table), .final(let table): table
    case .ended(_, let table): table
    case .lobby, .question, .reveal: nil
    }
  }

  private enum Kind: String, CodingKey {
    case lobby, question, reveal, standings, final, ended
  }

  private enum Ended: String, CodingKey {
    case reason, table
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard container.allKeys.count == 1, let kind = container.allKeys.first else { throw WireFault.unknownMessage }
    switch kind {
    case .lobby: self = .lobby
    case .question: self = .question(try container.decode(NightQuestionView.self, forKey: kind))
    case .reveal: self = .reveal(try container.decode(NightAnswer.self, forKey: kind))
    case .standings: self = .standings(try container.decode(NightStandings.self, forKey: kind))
    case .final: self = .final(try container.decode(NightStandings.self, forKey: kind))
    case .ended:
      let fields = try container.nestedContainer(keyedBy: Ended.self, forKey: kind)
      self = .ended(
        reason: try fields.decode(String.self, forKey: .reason),
        table: try fields.decodeIfPresent(NightStandings.self, forKey: .table))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Kind.self)
    switch self {
    case .lobby: _ = container.nestedContainer(keyedBy: Ended.self, forKey: .lobby)
    case .question(let question): try container.encode(question, forKey: .question)
    case .reveal(let answer): try container.encode(answer, forKey: .reveal)
    case .standings(let table): try container.encode(table, forKey: .standings)
    case .final(let table): try container.encode(table, forKey: .final)
    case .ended(let reason, let table):
      var fields = container.nestedContainer(keyedBy: Ended.self, forKey: .ended)
      try fields.encode(reason, forKey: .reason)
      try fields.encodeIfPresent(table, forKey: .table)
    }
  }
}
