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

/// A night as one player plays it. Every change of screen comes from the host: each message
/// becomes a route the coordinator follows, as a link does; this flow keeps what the
/// screens show and what goes back (the join, the answers).
@MainActor
final class PlayerFlow {
  private let network: any NightNetwork
  private let console: any Console
  private let clock: GameClock
  let address: NightAddress
  private var name: String
  private var line: (any NightLine)?
  /// The host's secret for this player's place, to come back with after a drop.
  private var token: String?
  private(set) var view: NightView
  /// When the question on screen arrived, on this player's clock, and the time it had left:
  /// the countdown is the host's, only measured here.
  private var questionArrived: (at: Duration, msLeft: Int)?
  /// Where the host last sent this player.
  private(set) var place: NightPlace = .waiting
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

  init(address: NightAddress, name: String, network: any NightNetwork, console: any Console, clock: GameClock) {
    self.address = address
    self.name = name
    self.network = network
    self.console = console
    self.clock = clock
    view = NightView(title: "Trivia night", you: name)
    view.host = address.description
  }

  func start() throws(NightError) {
    line = try network.join(address)
    console.say("Joining \(address.description) as \(name)…")
  }

  var events: NightEvents {
    NightEvents(answer: { [unowned self] in answer($0) }, done: { [unowned self] in leave() })
  }

  /// Whether a script's next line is for this night: an answer, or what follows its end.
  var wantsLine: Bool {
    if isOver { return true }
    if case .question(let number) = place, view.chosen == nil, sent != number { return true }
    return false
  }

  /// When the countdown next shows a new second.
  var nextWake: Duration? {
    guard case .question = place, let arrived = questionArrived, view.chosen == nil else { return nil }
    let end = arrived.at + .milliseconds(arrived.msLeft)
    let left = end - clock.now
    guard left > .zero else { return nil }
    // The next whole second before the end.
    let (seconds, attoseconds) = left.components
    return end - .seconds(attoseconds > 0 ? seconds : seconds - 1)
  }

  /// Time passed: the countdown shows a new second.
  func tick() {
    updateCountdown()
  }

  private func updateCountdown() {
    guard let arrived = questionArrived else { return }
    let left = arrived.at + .milliseconds(arrived.msLeft) - clock.now
    let (seconds, attoseconds) = left.components
    view.secondsLeft = max(0, Int(seconds) + (attoseconds > 0 ? 1 : 0))
  }

  func received(_ event: RelayEvent, on line: any NightLine) {
    guard line === self.line else { return }
    switch event {
    case .opened:
      if away { console.say("Connected again.") }
      away = false
      send(.join(name: name, token: token))
    case .text(_, let text):
      guard let message = try? NightWire.decodeHost(text) else { return }
      handle(message)
    case .closed(_, let reason):
      // trivia-night tries again for a minute; the token keeps this player's place.
      guard !isOver, !away else { return }
      away = true
      console.say("Connection lost (\(reason ?? "closed")): coming back…")
    case .failed(let reason):
      lost(reason)
    case .listening:
      break
    }
  }

  private func handle(_ message: HostMessage) {
    switch message {
    case .welcome(let welcome):
      token = welcome.token
      name = welcome.name
      view.you = welcome.name
      view.title = welcome.title
      view.players = welcome.players
      view.playerCount = welcome.count
      // Back in a night that had started: the host sends the current screen next.
      if place == .waiting { follow(.waiting) }
    case .refused(let reason):
      console.say(reason)
      guard token == nil, let another = ask("Another name (or Enter to leave)"), !another.isEmpty else {
        return end(reason: nil, leave: true)
      }
      name = another
      self.line?.stop()
      do {
        self.line = try network.join(address)
      } catch {
        lost(error.message)
      }
    case .lobby(let players, let count):
      view.players = players
      view.playerCount = count
      // The waiting room's prompt counts them; it is drawn again only when coming back to it.
      if place != .waiting { follow(.waiting) }
    case .question(let question):
      if view.question?.number != question.number { view.chosen = nil }
      view.question = question
      questionArrived = (clock.now, question.msLeft)
      updateCountdown()
      follow(.question(question.number))
    case .answerTaken(let number, let choice):
      guard view.question?.number == number else { return }
      view.chosen = choice
      follow(place)
    case .late:
      console.say("Too late: the host's time for that question was up.")
    case .verdict(let verdict):
      view.verdict = verdict
      follow(.verdict(verdict.question))
    case .standings(let standings):
      view.standings = standings
      follow(.standings(standings.played))
    case .final(let standings):
      view.standings = standings
      end(reason: nil, leave: false)
    case .ended(let reason):
      end(reason: reason, leave: false)
    case .kicked:
      console.say("The host removed you from the night.")
      end(reason: nil, leave: true)
    }
  }

  /// The route followed last is on screen.
  func showing(_ place: NightPlace) {
    self.place = place
  }

  private func answer(_ choice: Int) {
    guard let question = view.question, view.chosen == nil, sent != question.number else { return }
    sent = question.number
    send(.answer(question: question.number, choice: choice))
  }

  private func send(_ message: PlayerMessage) {
    line?.send(.send(NightWire.encode(message), to: [0]))
  }

  /// The connection is gone for good: it never opened, or did not come back in a minute.
  private func lost(_ reason: String) {
    guard !isOver else { return }
    guard token != nil else {
      console.say("Could not join \(address.description): \(reason)")
      return end(reason: nil, leave: true)
    }
    end(reason: "The host cannot be reached any more (\(reason)).", leave: false)
  }

  /// The night is over here: with the standings the player had, or back to the landing.
  private func end(reason: String?, leave: Bool) {
    isOver = true
    line?.stop()
    line = nil
    if let reason { console.say(reason) }
    view.reason = reason
    if leave {
      self.leave()
    } else {
      follow(.final)
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

  /// Told when the player has left, so the coordinator forgets the night.
  var closed: () -> Void = {}
}
