/// A night as one player has it: the last stage the host sent everyone and the player's own
/// part. Each message from the host replaces the whole value or one half of it, and every
/// screen the player sees is computed from it, so no fact is kept twice.
public struct NightState: Equatable, Sendable {
  public var stage: NightStage
  public var you: NightYou

  public init(stage: NightStage, you: NightYou) {
    self.stage = stage
    self.you = you
  }

  /// What `message` changes; messages that are not state (a refusal, a late answer) change
  /// nothing.
  public mutating func apply(_ message: HostMessage) {
    switch message {
    case .welcome(let welcome):
      stage = welcome.stage
      you = welcome.you
    case .stage(let stage): self.stage = stage
    case .you(let you): self.you = you
    case .ended(let reason):
      // The host is gone: players keep the table they had, if any.
      stage.scene = .ended(reason: reason, table: stage.scene.table)
    case .refused, .late, .kicked: break
    }
  }

  /// The player's answer to the question on screen, once the host took it.
  public var chosen: Int? {
    guard case .question(let question) = stage.scene, let answer = you.answer, answer.question == question.number
    else { return nil }
    return answer.choice
  }

  /// The player's result for the question just revealed.
  public var verdict: NightVerdict? {
    guard case .reveal(let answer) = stage.scene else { return nil }
    let choice = you.answer.flatMap { $0.question == answer.number ? $0.choice : nil }
    return NightVerdict(
      question: answer.number, correct: answer.correct, correctText: answer.text, choice: choice,
      points: you.points, total: you.score, place: you.place, of: stage.count, missed: answer.number < you.since)
  }

  /// The player's own row when the table on screen does not show it.
  public var ownRow: NightStandings.Row? {
    guard let table = stage.scene.table, you.place > 0, !table.rows.contains(where: { $0.place == you.place }) else {
      return nil
    }
    return NightStandings.Row(place: you.place, name: you.name, score: you.score, moved: you.moved, left: false)
  }
}
