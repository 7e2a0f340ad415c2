/// What the host sends a player. On the wire one JSON object with one key, the message's name,
/// e.g. `{"late":3}`. A question never carries its right answer: that leaves the host only in
/// a verdict, after the deadline.
public enum HostMessage: Codable, Equatable, Sendable {
  /// You are in: your token, your name, the night's title, who is in.
  case welcome(NightWelcome)
  /// The join is refused, said in one sentence; the connection closes after it.
  case refused(String)
  /// Who is in while the night waits: the newest names (at most `NightWelcome.namesShown`) and
  /// how many in all, so the message stays small however many join.
  case lobby(players: [String], count: Int)
  case question(NightQuestionView)
  /// Your answer is in.
  case answerTaken(question: Int, choice: Int)
  /// Your answer reached the host after the question's deadline and does not count.
  case late(question: Int)
  case verdict(NightVerdict)
  /// The top rows, your own row if you are outside them, who moved.
  case standings(NightStandings)
  /// The whole table; the first three rows are the podium.
  case final(NightStandings)
  /// The host ended the night or quit, with the reason; players keep the standings they had.
  case ended(String)
  /// The host removed you.
  case kicked

  private enum Kind: String, CodingKey {
    case welcome, refused, lobby, question, late, verdict, standings, final, ended, kicked
    case answerTaken = "taken"
  }

  private enum Field: String, CodingKey {
    case players, count
    case question = "q"
    case choice = "c"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard container.allKeys.count == 1, let kind = container.allKeys.first else { throw WireFault.unknownMessage }
    switch kind {
    case .welcome: self = .welcome(try container.decode(NightWelcome.self, forKey: kind))
    case .refused: self = .refused(try container.decode(String.self, forKey: kind))
    case .lobby:
      let fields = try container.nestedContainer(keyedBy: Field.self, forKey: kind)
      self = .lobby(
        players: try fields.decode([String].self, forKey: .players), count: try fields.decode(Int.self, forKey: .count))
    case .question: self = .question(try container.decode(NightQuestionView.self, forKey: kind))
    case .answerTaken:
      let fields = try container.nestedContainer(keyedBy: Field.self, forKey: kind)
      self = .answerTaken(
        question: try fields.decode(Int.self, forKey: .question), choice: try fields.decode(Int.self, forKey: .choice))
    case .late: self = .late(question: try container.decode(Int.self, forKey: kind))
    case .verdict: self = .verdict(try container.decode(NightVerdict.self, forKey: kind))
    case .standings: self = .standings(try container.decode(NightStandings.self, forKey: kind))
    case .final: self = .final(try container.decode(NightStandings.self, forKey: kind))
    case .ended: self = .ended(try container.decode(String.self, forKey: kind))
    case .kicked: self = .kicked
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Kind.self)
    switch self {
    case .welcome(let welcome): try container.encode(welcome, forKey: .welcome)
    case .refused(let reason): try container.encode(reason, forKey: .refused)
    case .lobby(let players, let count):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .lobby)
      try fields.encode(players, forKey: .players)
      try fields.encode(count, forKey: .count)
    case .question(let question): try container.encode(question, forKey: .question)
    case .answerTaken(let question, let choice):
      var fields = container.nestedContainer(keyedBy: Field.self, forKey: .answerTaken)
      try fields.encode(question, forKey: .question)
      try fields.encode(choice, forKey: .choice)
    case .late(let question): try container.encode(question, forKey: .late)
    case .verdict(let verdict): try container.encode(verdict, forKey: .verdict)
    case .standings(let standings): try container.encode(standings, forKey: .standings)
    case .final(let standings): try container.encode(standings, forKey: .final)
    case .ended(let reason): try container.encode(reason, forKey: .ended)
    case .kicked: _ = container.nestedContainer(keyedBy: Field.self, forKey: .kicked)
    }
  }
}
