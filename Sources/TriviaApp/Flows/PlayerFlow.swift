import NightKit
import NightRelay
import ScreenKit

/// How a night's screens are shown: each place a route the router follows, skipped when it
/// is on top already, every screen reading the night as its flow has it when drawn.
@MainActor
public protocol NightNavigating: AnyObject {
  func showNight(_ place: NightPlace, night: @escaping () -> NightView, events: NightEvents)
  /// Back to the landing once the night is over for this person.
  func closeNight()
}

/// What a night's screens report.
public struct NightEvents {
  public var answer: (Int) -> Void
  /// The final screen's `done`.
  public var done: () -> Void

  public init(answer: @escaping (Int) -> Void = { _ in }, done: @escaping () -> Void) {
    self.answer = answer
    self.done = done
  }
}

/// A night as one player plays it. It keeps the last state the host sent (`NightState`) and
/// nothing else of the night: every screen is computed from it, and each change of it is a
/// route the coordinator follows, as a link's is. What goes back is the join and the answers.
@MainActor
final class PlayerFlow {
  private let network: any NightNetwork
  private let console: any Console
  private let clock: GameClock
  /// Where this player's place is kept while the night lasts, for `join` after a crash.
  private let claim: (any NightSeatClaim)?
  let address: NightAddress
  private var name: String
  private var line: (any NightLine)?
  /// The host's secret for this player's place, to come back with after a drop.
  private var token: String?
  /// The night as the host last said it; nil until welcomed.
  private var state: NightState?
  /// The question on screen's time on this player's clock: the host's time left when it
  /// arrived, counted from then.
  private var countdown: Countdown?
  /// Set once the night is over here: the host ended it, quit, or removed this player.
  private(set) var isOver = false
  /// The question whose answer went to the host, until the host says it took it.
  private var sent: Int?
  /// The connection dropped and `trivia-night` is trying it again.
  private var away = false

  /// Follows a place through the coordinator's routes.
  var follow: (NightPlace) -> Void = { _ in }
  /// Asks the player for a line (a name); nil when none comes.
  var ask: (String) -> String? = { _ in nil }
  /// Told when the player has left, so the coordinator forgets the night.
  var closed: () -> Void = {}

  /// `kept`: the place this player had in the night, found in `seats`; it comes back as itself.
  init(
    address: NightAddress, name: String, network: any NightNetwork, console: any Console, clock: GameClock,
    claim: (any NightSeatClaim)? = nil
  ) {
    self.address = address
    self.name = claim?.seat?.name ?? name
    token = claim?.seat?.token
    self.network = network
    self.console = console
    self.clock = clock
    self.claim = claim
  }

  func start() throws(NightError) {
    line = try network.join(address, comingBack: false)
    console.say(
      token == nil ? "Joining \(address.description) as \(name)…" : "Back in \(address.description) as \(name)…")
  }

  /// What the screens show, computed from the state now.
  var view: NightView {
    guard let state else {
      return NightView(stage: NightStage(title: "", questions: 0, limitMs: 0, count: 0, scene: .lobby))
    }
    return NightView(state: state, countdown: countdown, now: clock.now, host: address.description)
  }

  var events: NightEvents {
    NightEvents(answer: { [unowned self] in answer($0) }, done: { [unowned self] in leave() })
  }

  /// The number of the question on screen while it is open to an answer.
  var openQuestion: Int? {
    guard !isOver, case .question(let question) = state?.stage.scene else { return nil }
    return question.number
  }

  /// The question on screen this player answered, taken by the host or on its way to it.
  private var answerGiven: Int? {
    guard let number = openQuestion, state?.chosen != nil || sent == number else { return nil }
    return number
  }

  /// Whether a script's next line is for this night: an answer, or what follows its end.
  var wantsLine: Bool {
    if isOver { return true }
    if let number = openQuestion, state?.chosen == nil, sent != number { return true }
    return false
  }

  /// When the countdown next shows a new second, answered or not: the host's goes on.
  var nextWake: Duration? {
    guard openQuestion != nil else { return nil }
    return countdown?.nextTick(at: clock.now)
  }

  func received(_ event: RelayEvent, on line: any NightLine) {
    guard line === self.line else { return }
    switch event {
    case .opened:
      if away { console.say("Connected again.") }
      away = false
      send(.join(name: name, token: token))
    case .text(_, let text, _):
      guard let message = try? NightWire.decodeHost(text) else { return }
      handle(message)
    case .closed(_, let reason):
      // trivia-night tries again for a minute; the token keeps this player's place.
      guard !isOver, !away else { return }
      away = true
      console.say(Self.comingBack(reason ?? "The connection was closed."))
    case .failed(let reason):
      // trivia-night gives up only after saying the connection closed (or before any
      // welcome): one that ends while connected died (killed, crashed), and the host still
      // keeps this player's place, so a new one takes it back with the token.
      if !away, state != nil { return restart(reason) }
      lost(reason)
    case .listening, .sshListening, .refusing, .resumed, .unreachable, .reachable:
      // The host's, never a player's.
      break
    }
  }

  private func handle(_ message: HostMessage) {
    switch message {
    case .welcome(let welcome):
      token = welcome.token
      name = welcome.you.name
      claim?.keep(KeptSeat(token: welcome.token, name: welcome.you.name))
      // Back after a drop: the welcome says which answer the host has; one lost on the way
      // (an edge that died, a room that restarted) can be given again, and the player is
      // asked to, or it would wait for a verdict on an answer nobody has.
      let given = answerGiven
      sent = nil
      change(NightState(stage: welcome.stage, you: welcome.you), redrawing: true)
      if let given, given == openQuestion, state?.chosen == nil {
        console.say("Your answer to question \(given) did not reach the host: answer again.")
      }
    case .stage, .you, .ended:
      guard var state else {
        // The host went before this player was in: there is no night to show, only why.
        if case .ended(let reason) = message {
          console.say(reason)
          end(leave: true)
        }
        return
      }
      state.apply(message)
      change(state, redrawing: false)
    case .refused(let reason):
      console.say(reason)
      if state == nil, token != nil {
        // A kept place the night no longer has: this player joins afresh, under its name.
        token = nil
        return rejoin()
      }
      guard token == nil, let another = ask("Another name (or Enter to leave)"), !another.isEmpty else {
        return end(leave: true)
      }
      name = another
      rejoin()
    case .late:
      console.say("Too late: the host's time for that question was up.")
    case .kicked:
      console.say("The host removed you from the night.")
      end(leave: true)
    }
  }

  /// The state the host sent is the one drawn: its place is followed, and a screen already on
  /// top is drawn again only when what it shows changed (or on a welcome, back after a drop).
  private func change(_ new: NightState, redrawing: Bool) {
    let before = state.map { _ in view }
    if case .question(let question) = new.stage.scene, new.stage != state?.stage {
      countdown = Countdown(from: clock.now, limit: .milliseconds(question.msLeft))
    }
    state = new
    switch new.stage.scene {
    case .final:
      end(leave: false)
    case .ended(let reason, _):
      console.say(reason)
      end(leave: false)
    default:
      if redrawing || before != view { follow(NightPlace(player: new.stage.scene)) }
    }
  }

  private func answer(_ choice: Int) {
    guard let number = openQuestion, state?.chosen == nil, sent != number else { return }
    sent = number
    send(.answer(question: number, choice: choice))
  }

  private func send(_ message: PlayerMessage) {
    line?.send(.send(NightWire.encode(message), to: [ConnectionID(0)]))
  }

  /// The connection is gone for good: it never opened, or did not come back in a minute.
  /// The night may well go on without this player, so its place is kept: `join` again
  /// comes back with the token.
  private func lost(_ reason: String) {
    guard !isOver else { return }
    guard var state else {
      console.say("Could not join \(address.description): \(reason)")
      return end(leave: true, forgetting: false)
    }
    let ended = "The host cannot be reached any more (\(reason))."
    state.apply(.ended(ended))
    self.state = state
    console.say(ended)
    end(leave: false, forgetting: false)
  }

  /// `trivia-night` ended while connected: a new one comes back with the token, told to try
  /// again for the host's grace even if its first try does not open (the host may be the
  /// reason it died), as a dropped connection is.
  private func restart(_ reason: String) {
    guard !isOver else { return }
    away = true
    console.say(Self.comingBack(reason))
    line?.stop()
    do {
      line = try network.join(address, comingBack: true)
    } catch {
      lost(error.message)
    }
  }

  /// What the player reads while the connection is tried again: why it went, in the
  /// sentence `trivia-night` gave (the host restarted, a network gone), then what happens.
  static func comingBack(_ reason: String) -> String {
    let sentence = reason.hasSuffix(".") ? String(reason.dropLast()) : reason
    return "\(sentence): coming back…"
  }

  /// A new connection, to join with the name as it is now.
  private func rejoin() {
    line?.stop()
    do {
      line = try network.join(address, comingBack: false)
    } catch {
      lost(error.message)
    }
  }

  /// The night is over here: on the last screen it had, or back to the landing. Its place is
  /// kept no longer when the host said so (its end, a refusal, a removal); a connection lost
  /// for good keeps it, since the night may go on.
  private func end(leave: Bool, forgetting: Bool = true) {
    if forgetting { claim?.forget() }
    isOver = true
    line?.stop()
    line = nil
    if leave {
      self.leave()
    } else if let state {
      follow(NightPlace(player: state.stage.scene))
    }
  }

  /// The player leaves the night, back to the landing.
  func leave() {
    stop()
    closed()
  }

  /// The game ends: the connection closes, and nothing moves on screen.
  func stop() {
    isOver = true
    line?.stop()
    line = nil
  }
}
