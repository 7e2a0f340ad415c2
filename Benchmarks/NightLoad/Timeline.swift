import Synchronization

/// What every player heard and when, written by the players' tasks as frames arrive and read
/// by the run between questions. Arrival is timed before anything else is done with a frame.
final class Timeline: Sendable {
  struct State {
    /// The question the run is on (1-based), which a verdict or standings that arrive belong to.
    var question = 0
    var questionAt: [[ContinuousClock.Instant?]]
    var verdictAt: [[ContinuousClock.Instant?]]
    var standingsAt: [[ContinuousClock.Instant?]]
    /// Each player's verdicts as sent, checked once the run is over.
    var verdicts: [[String]]
    var joined = 0
    var standing: [Standing]
    var refused: [String] = []
    var failed: [String] = []
    /// Connections that ended before the run did.
    var dropped = 0
    var connecting = 0
    var taken = 0
    var late = 0
    var over = false
  }

  let players: Int
  let state: Mutex<State>

  init(players: Int, questions: Int) {
    self.players = players
    let empty = [[ContinuousClock.Instant?]](
      repeating: [ContinuousClock.Instant?](repeating: nil, count: players), count: questions)
    state = Mutex(
      State(
        questionAt: empty, verdictAt: empty, standingsAt: empty,
        verdicts: [[String]](repeating: [], count: players),
        standing: [Standing](repeating: .connecting, count: players)))
  }

  /// Files a frame that arrived at `now` for `player`; returns the question's number when it
  /// is a question, so the player can answer it.
  func heard(_ text: String, by player: Int, at now: ContinuousClock.Instant) -> Int? {
    let kind = Kind(text)
    return state.withLock { state in
      let slot = state.question - 1
      switch kind {
      case .question:
        guard state.questionAt.indices.contains(slot) else { return nil }
        state.questionAt[slot][player] = now
        return state.question
      case .verdict:
        if state.verdictAt.indices.contains(slot) { state.verdictAt[slot][player] = now }
        state.verdicts[player].append(text)
      case .standings:
        if state.standingsAt.indices.contains(slot) { state.standingsAt[slot][player] = now }
      case .welcome:
        state.joined += 1
        state.connecting -= 1
        state.standing[player] = .in
      case .refused:
        state.refused.append(text)
        state.connecting -= 1
        state.standing[player] = .refused
      case .taken: state.taken += 1
      case .late: state.late += 1
      case .other: break
      }
      return nil
    }
  }

  /// A player's connection ended: one that was in, before the run is over, dropped.
  func ended(_ player: Int, reason: String?) {
    state.withLock { state in
      switch state.standing[player] {
      case .connecting:
        state.connecting -= 1
        state.failed.append(reason ?? "closed before a welcome")
      case .in where !state.over:
        state.dropped += 1
        state.failed.append(reason ?? "closed")
      case .in, .refused, .gone: break
      }
      state.standing[player] = .gone
    }
  }

  enum Standing {
    case connecting, `in`, refused, gone
  }

  /// The message's name, told from its first bytes: host messages are one key, sorted.
  enum Kind {
    case question, verdict, standings, welcome, refused, taken, late, other

    init(_ text: String) {
      let utf8 = text.utf8
      func starts(_ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { utf8.starts(with: $0) }
      }
      if starts("{\"question\"") {
        self = .question
      } else if starts("{\"verdict\"") {
        self = .verdict
      } else if starts("{\"standings\"") {
        self = .standings
      } else if starts("{\"taken\"") {
        self = .taken
      } else if starts("{\"welcome\"") {
        self = .welcome
      } else if starts("{\"refused\"") {
        self = .refused
      } else if starts("{\"late\"") {
        self = .late
      } else {
        self = .other
      }
    }
  }
}
