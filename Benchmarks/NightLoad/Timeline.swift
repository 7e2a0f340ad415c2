#if Night
  import NIOCore
  import Synchronization

  /// What every player heard and when, written by the players' handlers as frames arrive and read
  /// by the run between questions. Arrival is timed before anything else is done with a frame.
  final class Timeline: Sendable {
    struct State {
      /// The question the run is on (1-based), which a reveal or standings that arrive belong to.
      var question = 0
      var questionAt: [[ContinuousClock.Instant?]]
      /// When each player had the question's reveal: its own part (`you`) comes just before it,
      /// so the reveal is when the player can draw its verdict.
      var revealAt: [[ContinuousClock.Instant?]]
      var standingsAt: [[ContinuousClock.Instant?]]
      /// Each player's reveals as sent, each with the last `you` heard before it (its verdict's
      /// points and place), checked once the run is over.
      var reveals: [[(stage: String, you: String?)]]
      /// Each player's last `you`, until a reveal files it.
      var lastYou: [String?]
      var joined = 0
      var standing: [Standing]
      var refused: [String] = []
      var failed: [String] = []
      /// Connections that ended before the run did.
      var dropped = 0
      var connecting = 0
      /// `you` messages heard, and reveals: each close sends every player one `you` before the
      /// reveal, and each answer taken one more.
      var yous = 0
      var revealed = 0
      var late = 0
      var over = false

      /// The answers the host took.
      var taken: Int { yous - revealed }
    }

    let players: Int
    let state: Mutex<State>

    init(players: Int, questions: Int) {
      self.players = players
      let empty = [[ContinuousClock.Instant?]](
        repeating: [ContinuousClock.Instant?](repeating: nil, count: players), count: questions)
      state = Mutex(
        State(
          questionAt: empty, revealAt: empty, standingsAt: empty,
          reveals: [[(stage: String, you: String?)]](repeating: [], count: players),
          lastYou: [String?](repeating: nil, count: players),
          standing: [Standing](repeating: .connecting, count: players)))
    }

    /// Files a frame that arrived at `now` for `player`; returns the question's number when it
    /// is a question, so the player can answer it. Told from its bytes: only what is kept (a
    /// reveal, a `you`) is made a string.
    func heard(_ bytes: ByteBuffer, by player: Int, at now: ContinuousClock.Instant) -> Int? {
      let kind = bytes.withUnsafeReadableBytes { Kind(utf8: $0) }
      let text = kind == .reveal || kind == .you ? String(buffer: bytes) : ""
      return state.withLock { state in
        let slot = state.question - 1
        switch kind {
        case .question:
          guard state.questionAt.indices.contains(slot) else { return nil }
          state.questionAt[slot][player] = now
          return state.question
        case .reveal:
          if state.revealAt.indices.contains(slot) { state.revealAt[slot][player] = now }
          state.reveals[player].append((text, state.lastYou[player]))
          state.lastYou[player] = nil
          state.revealed += 1
        case .standings:
          if state.standingsAt.indices.contains(slot) { state.standingsAt[slot][player] = now }
        case .you:
          state.yous += 1
          state.lastYou[player] = text
        case .welcome:
          state.joined += 1
          state.connecting -= 1
          state.standing[player] = .in
        case .refused:
          state.refused.append(text)
          state.connecting -= 1
          state.standing[player] = .refused
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

    /// The message's name, told from its first bytes: host messages are one key, and a stage's
    /// keys are sorted, so its scene's name follows `"scene":{"` after the few short fields
    /// before it (its count, limit, names — empty but in the lobby — and questions).
    enum Kind {
      case question, reveal, standings, welcome, refused, you, late, other

      init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(utf8: UnsafeRawBufferPointer($0)) }
      }

      init(utf8: UnsafeRawBufferPointer) {
        func starts(_ prefix: StaticString, at offset: Int = 0) -> Bool {
          prefix.withUTF8Buffer { prefix in
            offset + prefix.count <= utf8.count && utf8[offset..<offset + prefix.count].elementsEqual(prefix)
          }
        }
        if starts("{\"stage\":{") {
          guard let scene = Self.scene(in: utf8) else {
            self = .other
            return
          }
          if starts("question\"", at: scene) {
            self = .question
          } else if starts("reveal\"", at: scene) {
            self = .reveal
          } else if starts("standings\"", at: scene) {
            self = .standings
          } else {
            self = .other
          }
        } else if starts("{\"you\"") {
          self = .you
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

      /// Where the scene's name starts: after the first `"scene":{"`, which cannot be inside a
      /// name, since a name's quotes are escaped.
      private static func scene(in utf8: UnsafeRawBufferPointer) -> Int? {
        let marker: StaticString = "\"scene\":{\""
        return marker.withUTF8Buffer { marker -> Int? in
          let first = marker[0]
          var at = 10
          while at + marker.count <= utf8.count {
            if utf8[at] == first, utf8[at..<at + marker.count].elementsEqual(marker) { return at + marker.count }
            at += 1
          }
          return nil
        }
      }
    }
  }
#endif
