/// What every player of a night sees at one moment: the host's room computes it and sends it
/// once to all. A player's screen is a function of this and its own `NightYou`, and nothing
/// else; a joiner, a late joiner and a reload get the same value by the same path.
public struct NightStage: Codable, Equatable, Sendable {
  /// How many names the lobby lists: the newest, so a lobby of thousands costs each player a
  /// few hundred bytes.
  public static let namesShown = 20

  public var title: String
  /// The questions the night asks, and each one's time.
  public var questions: Int
  public var limitMs: Int
  /// Players in the night, left ones included; `names` the newest of them, in the lobby only.
  public var count: Int
  public var names: [String]
  public var scene: NightScene

  public init(title: String, questions: Int, limitMs: Int, count: Int, names: [String] = [], scene: NightScene) {
    self.title = title
    self.questions = questions
    self.limitMs = limitMs
    self.count = count
    self.names = names
    self.scene = scene
  }

  private enum CodingKeys: String, CodingKey {
    case title, questions, count, names, scene
    case limitMs = "limit"
  }
}
