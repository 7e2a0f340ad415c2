/// A link a sender delivered, waiting for the game's reply through ``LinkServer/reply(to:_:)``.
/// The id names the sender's connection, so the reply can come later, after the player
/// answered a guard, and still reach the one who asked.
public struct LinkRequest: Hashable, Sendable {
  public let id: UInt64
  public let link: String

  public init(id: UInt64, link: String) {
    self.id = id
    self.link = link
  }
}
