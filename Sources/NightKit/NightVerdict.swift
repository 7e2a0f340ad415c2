/// One player's result for a question, as its verdict screen shows it: computed from the
/// revealed answer and the player's own part (`NightState.verdict`).
public struct NightVerdict: Equatable, Sendable {
  public var question: Int
  /// The right choice's index and text.
  public var correct: Int
  public var correctText: String
  /// The player's choice; nil when it gave none.
  public var choice: Int?
  public var points: Int
  /// The player's score after this question.
  public var total: Int
  /// 1-based, of `of` players.
  public var place: Int
  public var of: Int
  /// The player joined after this question was asked: it had no chance to answer.
  public var missed: Bool

  public init(
    question: Int, correct: Int, correctText: String, choice: Int?, points: Int, total: Int, place: Int, of: Int,
    missed: Bool = false
  ) {
    self.question = question
    self.correct = correct
    self.correctText = correctText
    self.choice = choice
    self.points = points
    self.total = total
    self.place = place
    self.of = of
    self.missed = missed
  }
}
