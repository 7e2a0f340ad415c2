/// The first thing a player hears once in.
public struct NightWelcome: Codable, Equatable, Sendable {
  /// How many names a welcome or a lobby message lists: the newest, so a lobby of thousands
  /// costs each player a few hundred bytes.
  public static let namesShown = 20

  /// Kept by the player to come back after a drop; secret, since it is the player's place.
  public var token: String
  /// The name as the host keeps it (trimmed).
  public var name: String
  public var title: String
  /// The newest names in, oldest first.
  public var players: [String]
  public var count: Int

  public init(token: String, name: String, title: String, players: [String], count: Int) {
    self.token = token
    self.name = name
    self.title = title
    self.players = players
    self.count = count
  }
}
