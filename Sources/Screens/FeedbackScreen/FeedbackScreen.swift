import ScreenKit

/// Says whether the last answer was right, over the question it answers.
public final class FeedbackScreen: TerminalView {
  public struct State: Equatable, Sendable {
    public var isCorrect: Bool
    public var correctAnswer: String
    public var score: Int
    public var answered: Int
    /// Whether continuing ends the round.
    public var isLast: Bool
    /// Right answers in a row, this one included; said from 3 on.
    public var run: Int
    /// No answer came before the question's time ran out.
    public var timedOut: Bool
    /// Points and place in a night, said instead of the score so far.
    public var standing: Standing?
    /// In a night the host moves everyone on: the player is told to wait, and cannot go on.
    public var waitsForHost: Bool
    /// Whose turn is next, where players take turns at one terminal.
    public var nextPlayer: String?
    /// In a night, the player joined after the question was asked: it had no chance to answer.
    public var joinedLate: Bool

    public init(
      isCorrect: Bool, correctAnswer: String, score: Int, answered: Int, isLast: Bool, run: Int = 0,
      timedOut: Bool = false, standing: Standing? = nil, waitsForHost: Bool = false, nextPlayer: String? = nil,
      joinedLate: Bool = false
    ) {
      self.nextPlayer = nextPlayer
      self.joinedLate = joinedLate
      self.timedOut = timedOut
      self.standing = standing
      self.waitsForHost = waitsForHost
      self.isCorrect = isCorrect
      self.correctAnswer = correctAnswer
      self.score = score
      self.answered = answered
      self.isLast = isLast
      self.run = run
    }

    /// Where an answer left the player in a night.
    public struct Standing: Equatable, Sendable {
      /// What this answer scored.
      public var points: Int
      public var total: Int
      public var place: Int
      /// How many players are placed.
      public var of: Int

      public init(points: Int, total: Int, place: Int, of: Int) {
        self.points = points
        self.total = total
        self.place = place
        self.of = of
      }
    }
  }

  public let state: State
  public var onContinue: (() -> Void)?
  public var onBack: (() -> Void)?

  public init(state: State) {
    self.state = state
  }

  public var prompt: String { state.waitsForHost ? "waiting" : "continue" }

  public func render() -> [Line] {
    let verdict =
      state.isCorrect
      ? Line("Correct!", style: .success)
      : state.joinedLate
        ? Line("You joined after this question was asked — the answer was \(state.correctAnswer)", style: .dim)
        : Line(
          "\(state.timedOut ? "Time's up" : "Incorrect") — the answer was \(state.correctAnswer)", style: .failure)
    let next =
      state.isLast
      ? (state.standing == nil ? "to see your score" : "to see the standings")
      : state.nextPlayer.map { "for \($0)'s turn" } ?? "for the next question"
    let waiting = [
      Line(state.waitsForHost ? "Waiting for the host…" : "Press Enter or type continue \(next).", style: .dim)
    ]
    // Joined after the question: no points to tell of, and no place yet (it is 0th of none).
    guard !state.joinedLate else { return [verdict] + waiting }
    let score =
      state.standing.map { standing in
        [
          Line(
            "+\(NumberText.grouped(standing.points)) points · \(NumberText.grouped(standing.total)) in all · "
              + "\(NumberText.ordinal(standing.place)) of \(NumberText.grouped(standing.of))", style: .emphasis)
        ] + waiting
      }
      ?? [
        Line(
          "Score so far: \(state.score) of \(state.answered). "
            + (state.waitsForHost ? "Waiting for the host…" : "Press Enter or type continue \(next)."), style: .dim)
      ]
    return [verdict] + score + (state.run >= 3 ? [Line("\(state.run) in a row!", style: .success)] : [])
  }

  public var commands: CommandTable {
    guard !state.waitsForHost else { return CommandTable() }
    return CommandTable(
      [Command("continue", summary: "go on") { [weak self] in self?.onContinue?() }],
      freeform: .init(usage: "(empty line)", summary: "go on") { [weak self] input in
        guard input.isEmpty else { return nil }
        self?.onContinue?()
        return .done
      })
  }
}
