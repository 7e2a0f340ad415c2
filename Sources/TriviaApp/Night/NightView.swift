import NightKit

/// What a night's screens show, the host's or a player's, as the flow that owns the night
/// has it when they are drawn.
public struct NightView: Equatable, Sendable {
  public var title: String
  /// The player's own name; nil on the host's side.
  public var you: String?
  /// The host's address, as a player joined it.
  public var host = ""
  public var code = ""
  public var joinLines: [String] = []
  /// The first join line's QR code, one string of "1" (dark) and "0" a row; nil: none.
  public var qr: [String]?
  /// The newest names in, and how many in all.
  public var players: [String] = []
  public var playerCount = 0
  public var maxPlayers = 0
  public var startWhen: Int?
  public var question: NightQuestionView?
  public var secondsLeft: Int?
  /// The player's answer to the question on screen, once the host took it.
  public var chosen: Int?
  /// The host's: answers in, of the players connected.
  public var answered = 0
  public var connected = 0
  public var reveal: NightReveal?
  public var verdict: NightVerdict?
  public var standings: NightStandings?
  /// Why the night ended before its last question, when it did.
  public var reason: String?

  public init(title: String, you: String? = nil) {
    self.title = title
    self.you = you
  }
}
