import NightKit

/// What a night's screens show, computed when they are drawn: on a player's side from the
/// last state the host sent, on the host's from its room. Nothing in it is kept between draws.
public struct NightView: Equatable, Sendable {
  /// What every player sees: the same value on both sides.
  public var stage: NightStage
  /// The question's countdown, in whole seconds, as the clock of this side measures it.
  public var secondsLeft: Int?
  /// A player's name and what follows from its own part; nil on the host's side. (The part
  /// itself is not here: a question's score changing under the question is not redrawn.)
  public var you: String?
  public var chosen: Int?
  public var verdict: NightVerdict?
  public var ownRow: NightStandings.Row?
  /// The host's address, as a player joined it.
  public var host = ""
  /// The host's: the code, the join addresses and the first one's QR code (one string of
  /// "1" for dark and "0" a row), the limits it set.
  public var code = ""
  public var joinLines: [String] = []
  /// The host's: where the big screen is, for a projector.
  public var screen: String?
  public var qr: [String]?
  public var maxPlayers = 0
  public var startWhen: Int?
  /// The host's: what the questions were dealt for, in the landing's words, and where from.
  public var difficulty = ""
  public var category = ""
  public var source = ""
  /// The host's: why `trivia-night` last refused joins, if it has.
  public var refused: String?
  /// The host's: answers in, of those who could answer; the bars of a reveal.
  public var answered = 0
  public var of = 0
  public var reveal: NightReveal?

  public init(stage: NightStage) {
    self.stage = stage
  }

  /// A player's view of `state`, its countdown measured on the player's clock.
  init(state: NightState, countdown: Countdown?, now: Duration, host: String) {
    stage = state.stage
    you = state.you.name
    chosen = state.chosen
    verdict = state.verdict
    ownRow = state.ownRow
    self.host = host
    if case .question = state.stage.scene { secondsLeft = countdown?.secondsLeft(at: now) }
  }

  /// The question on screen, if any.
  public var question: NightQuestionView? {
    if case .question(let question) = stage.scene { return question }
    return nil
  }

  /// Why the night ended early, when it did.
  public var reason: String? {
    if case .ended(let reason, _) = stage.scene { return reason }
    return nil
  }
}
