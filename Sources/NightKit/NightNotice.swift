/// What the host's screens are told as it happens.
public enum NightNotice: Equatable, Sendable, CustomStringConvertible {
  case joined(String)
  case left(String)
  case back(String)
  case kicked(String)
  /// Away longer than the grace: its place is given up, its row stays in the standings.
  case gone(String)
  /// A `kick` named nobody in the night.
  case noSuchPlayer(String)

  public var description: String {
    switch self {
    case .joined(let name): "\(name) joined"
    case .left(let name): "\(name) left"
    case .back(let name): "\(name) is back"
    case .kicked(let name): "\(name) kicked"
    case .gone(let name): "\(name) is gone for good"
    case .noSuchPlayer(let name): "No player is called \(name)."
    }
  }
}
