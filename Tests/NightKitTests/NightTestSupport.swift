import NightKit

/// SplitMix64, so tokens and codes are the same from run to run.
struct TestGenerator: RandomNumberGenerator, Sendable {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Questions whose right choice is `correct` (index 1 unless told), each with four choices.
func questions(_ count: Int, correct: Int = 1) -> [NightQuestion] {
  (1...count).map { n in
    NightQuestion(
      text: "Question \(n)?", choices: ["A\(n)", "B\(n)", "C\(n)", "D\(n)"], correct: correct, category: "General",
      difficulty: "easy")
  }
}

func room(
  questions count: Int = 3, limit: Duration = .seconds(20), maxPlayers: Int = 100, onScreen: Bool = false
) -> NightRoom {
  NightRoom(
    title: "Friday night", questions: questions(count), limit: limit, maxPlayers: maxPlayers, onScreen: onScreen,
    generator: TestGenerator(state: 42))
}

let ann = ConnectionID(1)
let bob = ConnectionID(2)
let cat = ConnectionID(3)

/// What `connection` receives from these outputs, in order, a closing message included.
func messages(_ outputs: [NightOutput], to connection: ConnectionID) -> [HostMessage] {
  outputs.compactMap { output in
    switch output {
    case .send(let message, let receivers): receivers.contains(connection) ? message : nil
    case .close(let closed, let message): closed == connection ? message : nil
    case .host: nil
    }
  }
}

func closed(_ outputs: [NightOutput]) -> [ConnectionID] {
  outputs.compactMap { if case .close(let connection, _) = $0 { connection } else { nil } }
}

func notices(_ outputs: [NightOutput]) -> [NightNotice] {
  outputs.compactMap { if case .host(let notice) = $0 { notice } else { nil } }
}

func answer(_ question: Int, _ choice: Int) -> String {
  NightWire.encode(PlayerMessage.answer(question: question, choice: choice))
}

/// The last stage `connection` was sent in these outputs, a welcome's included.
func stage(in outputs: [NightOutput], to connection: ConnectionID) -> NightStage? {
  messages(outputs, to: connection).reversed().lazy.compactMap { message -> NightStage? in
    switch message {
    case .stage(let stage): stage
    case .welcome(let welcome): welcome.stage
    default: nil
    }
  }.first
}

/// The last of its own part `connection` was sent in these outputs, a welcome's included.
func you(in outputs: [NightOutput], to connection: ConnectionID) -> NightYou? {
  messages(outputs, to: connection).reversed().lazy.compactMap { message -> NightYou? in
    switch message {
    case .you(let you): you
    case .welcome(let welcome): welcome.you
    default: nil
    }
  }.first
}

/// The question a stage sent to `connection` shows.
func question(in outputs: [NightOutput], to connection: ConnectionID) -> NightQuestionView? {
  guard case .question(let question) = stage(in: outputs, to: connection)?.scene else { return nil }
  return question
}

/// The verdict `connection` draws from these outputs: a question's close sends its own part,
/// then the reveal to all.
func verdict(in outputs: [NightOutput], to connection: ConnectionID) -> NightVerdict? {
  guard let stage = stage(in: outputs, to: connection), let you = you(in: outputs, to: connection) else { return nil }
  return NightState(stage: stage, you: you).verdict
}

func welcome(in outputs: [NightOutput], to connection: ConnectionID) -> NightWelcome? {
  messages(outputs, to: connection).lazy.compactMap { if case .welcome(let welcome) = $0 { welcome } else { nil } }
    .first
}

extension NightRoom {
  /// Joins each name on the connection numbered after its position (1, 2, 3...).
  mutating func joinAll(_ names: [String], now: Duration = .zero) {
    for (offset, name) in names.enumerated() {
      _ = join(ConnectionID(UInt64(offset + 1)), name: name, token: nil, now: now)
    }
  }
}
