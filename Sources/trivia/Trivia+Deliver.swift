import FoundationEssentials
import Glibc
import TriviaLink
import TriviaTerminal

extension Trivia {
  /// How long `--open` waits for the running game, a player's answer to a guard included.
  static let deliveryTimeout: Duration = .seconds(120)

  /// Gives `link` to the game this user is playing, printing a line for each thing it did
  /// with it; the exit status, or nil when no game runs and this one should start.
  static func deliver(_ link: String) -> Int32? {
    guard let location = try? LinkLocation.resolve(environment: ProcessInfo.processInfo.environment) else {
      return nil
    }
    let result = LinkClient.send(link: link, to: location, timeout: deliveryTimeout) { reply in
      TextOutput.standardOutput.write(Sanitizer.clean(sentence(for: reply)) + "\n")
    }
    switch result {
    case .noGame: return nil
    case .answered(let reply): return reply.status.exitStatus
    case .timedOut, .failed:
      TextOutput.standardError.write(Sanitizer.clean("trivia: \(result)") + "\n")
      return 1
    }
  }

  /// A reply as the person who sent the link reads it.
  static func sentence(for reply: LinkReply) -> String {
    switch reply.status {
    case .opened: "opened in the running game"
    case .ignored: "ignored: the game is already there"
    case .broughtBack: "brought back in the running game"
    case .asking: "waiting for the player to answer: \(reply.detail)"
    case .declined: "declined by the player"
    case .superseded: "not followed: a newer link reached the game first"
    case .refused: "refused: \(reply.detail)"
    }
  }
}
