/// The host's lobby screen (the code and addresses are the caller's).
public struct NightLobbyView: Equatable, Sendable {
  public var title: String
  /// The newest names in, oldest first, at most `NightWelcome.namesShown`.
  public var players: [String]
  public var count: Int
  public var maxPlayers: Int

  public init(title: String, players: [String], count: Int, maxPlayers: Int) {
    self.title = title
    self.players = players
    self.count = count
    self.maxPlayers = maxPlayers
  }
}
