/// The host's question screen: what the players see, and how many have answered.
public struct NightQuestionProgress: Equatable, Sendable {
  public var question: NightQuestionView
  public var answered: Int
  /// Players connected now.
  public var connected: Int

  public init(question: NightQuestionView, answered: Int, connected: Int) {
    self.question = question
    self.answered = answered
    self.connected = connected
  }
}
