/// One player's part in a question just revealed, as the host's history keeps it for the
/// night's report: what it chose (nil: no answer in time, or not in yet), how long it took,
/// and the points it won.
public struct NightPlayerAnswer: Codable, Equatable, Sendable {
  public var name: String
  public var choice: Int?
  public var ms: Int?
  public var points: Int

  public init(name: String, choice: Int?, ms: Int?, points: Int) {
    self.name = name
    self.choice = choice
    self.ms = ms
    self.points = points
  }
}
