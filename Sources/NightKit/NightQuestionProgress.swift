/// The host's question screen: what the players see, and how many have answered.
public struct NightQuestionProgress: Equatable, Sendable {
  public var question: NightQuestionView
  public var answered: Int
  /// Those who could answer: the answers in and the players still connected without one, so
  /// `answered` never passes it when a player answers and then leaves.
  public var of: Int

  public init(question: NightQuestionView, answered: Int, of: Int) {
    self.question = question
    self.answered = answered
    self.of = of
  }
}
