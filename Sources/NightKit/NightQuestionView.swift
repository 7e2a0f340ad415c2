/// A question as a player sees it: everything but the right answer, and the time left on the
/// host's clock rather than a clock time, so the player's clock never matters.
public struct NightQuestionView: Codable, Equatable, Sendable {
  /// 1-based; never reused, even by the question after a skipped one.
  public var number: Int
  public var total: Int
  public var category: String
  public var difficulty: String?
  public var text: String
  public var choices: [String]
  public var msLeft: Int
  public var limitMs: Int
  /// A big screen's only: the answers in, of those who could answer. Players are not sent it,
  /// so the stage every player gets is no longer for it.
  public var answered: Int?
  public var answering: Int?
  /// True when the question and its answers are on the big screen alone (`--on-screen`): a
  /// player is sent no text, only how many answers there are (empty choices), to pick by shape.
  public var onScreen: Bool?

  public init(
    number: Int, total: Int, category: String, difficulty: String?, text: String, choices: [String], msLeft: Int,
    limitMs: Int, answered: Int? = nil, answering: Int? = nil, onScreen: Bool? = nil
  ) {
    self.number = number
    self.total = total
    self.category = category
    self.difficulty = difficulty
    self.text = text
    self.choices = choices
    self.msLeft = msLeft
    self.limitMs = limitMs
    self.answered = answered
    self.answering = answering
    self.onScreen = onScreen
  }

  private enum CodingKeys: String, CodingKey {
    case number = "n"
    case total = "of"
    case category = "cat"
    case difficulty = "diff"
    case text
    case choices
    case msLeft = "ms"
    case limitMs = "limit"
    case answered = "in"
    case answering = "can"
    case onScreen = "look"
  }
}
