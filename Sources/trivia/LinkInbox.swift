import Glibc
import NavigatorKit
import ScreenKit
import TriviaApp
import TriviaLink
import TriviaTerminal

/// Links sent to this game while it runs (`trivia --open LINK` elsewhere): the socket they
/// arrive on, polled by the line editor's event loop, and what the game did with each, told
/// to its sender. A link is followed as one typed with `open` is, through the same router
/// and guards; a guard asks at the player's own prompt while the sender waits.
@MainActor
final class LinkInbox: EventSource {
  private let server: LinkServer
  private var waiting: [LinkRequest] = []
  /// The link being followed, while it is: a guard it meets tells its sender it asks.
  private var following: LinkRequest?
  private var declined = false

  init(server: LinkServer) {
    self.server = server
  }

  /// Claims this user's link socket for an interactive game; says so when another game has
  /// it, or when links cannot reach this one.
  static func open(environment: [String: String], say: (String) -> Void) -> LinkInbox? {
    do {
      switch try LinkServer.claim(try LinkLocation.resolve(environment: environment)) {
      case .claimed(let server): return LinkInbox(server: server)
      case .taken(let owner):
        say("Another game is running: \(owner).")
        return nil
      }
    } catch {
      say("Links cannot reach this game: \(error.message).")
      return nil
    }
  }

  var descriptors: [pollfd] { server.descriptors }
  var serviceAt: ContinuousClock.Instant? { server.nextDeadline }

  /// A link that arrives ends the line being typed. Only the newest link waits (say while
  /// the player answers a guard): the ones it replaces are told so, and one that does not
  /// parse is refused to its sender alone.
  func service(_ polled: [pollfd]) -> Bool {
    for request in server.handle(polled) {
      do throws(DeepLinkError) {
        _ = try TriviaRoute(link: request.link)
      } catch {
        server.reply(to: request, LinkReply(.refused, error.message))
        continue
      }
      for older in waiting { server.reply(to: older, LinkReply(.superseded)) }
      waiting = [request]
    }
    return !waiting.isEmpty
  }

  /// Before a guard asks the player: the sender of the link being followed hears the question.
  func asking(_ question: String) {
    if let following { server.reply(to: following, LinkReply(.asking, question)) }
  }

  /// After the guard's answer: a no ends the link.
  func answered(_ yes: Bool) {
    if following != nil, !yes { declined = true }
  }

  /// Follows the link that waits, telling its sender what came of it; the player sees only
  /// links that parse and whose sender still waits.
  func followWaiting(
    navigator: Navigator<any TerminalView>, console: TerminalRenderer,
    follow: (String, @escaping @MainActor (String) -> Void) async -> Void
  ) async {
    while !waiting.isEmpty {
      let request = waiting.removeFirst()
      // A sender that has gone no longer asks for anything.
      guard server.isWaiting(request) else { continue }
      console.write([Line("Link: \(request.link)", style: .dim)])
      var kinds: [NavigationEvent.Kind] = []
      let observer = navigator.addObserver { kinds.append($0.kind) }
      following = request
      declined = false
      var refusal: String?
      await follow(request.link) { refusal = $0 }
      following = nil
      navigator.remove(observer)
      let status = declined ? LinkStatus.declined : Self.status(of: kinds)
      server.reply(to: request, refusal.map { LinkReply(.refused, $0) } ?? LinkReply(status))
    }
  }

  /// What the navigation a link made amounts to, for its sender.
  static func status(of kinds: [NavigationEvent.Kind]) -> LinkStatus {
    if kinds.contains(where: { [.root, .push, .present, .popover, .child].contains($0) }) { return .opened }
    if kinds.contains(where: { [.pop, .dismiss, .removeChild].contains($0) }) { return .broughtBack }
    return kinds.contains(.ignored) ? .ignored : .opened
  }

  func stop() {
    server.stop()
  }
}
