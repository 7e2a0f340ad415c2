/// What a player hears once in, first or back after a drop: its token, and the whole night as
/// it sees it, the same value everyone else has.
public struct NightWelcome: Codable, Equatable, Sendable {
  /// Kept by the player to come back after a drop; secret, since it is the player's place.
  public var token: String
  public var stage: NightStage
  public var you: NightYou

  public init(token: String, stage: NightStage, you: NightYou) {
    self.token = token
    self.stage = stage
    self.you = you
  }
}
