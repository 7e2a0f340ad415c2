/// Why a kept file (the options, the saved round) could not be read or written, in one
/// sentence naming it: said to the player, and the game goes on.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
