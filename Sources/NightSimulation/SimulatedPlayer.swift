import NightKit
import NightRelay

/// A player as the simulation drives it: the product's own `NightState`, fed what its
/// connection brings, and a plan of when it answers each question and with what.
struct SimulatedPlayer {
  var name: String
  /// When it first dials the night.
  var joinAt: Int
  /// A terminal player runs `trivia-night connect` beside it, which a fault can kill.
  var terminal: Bool
  /// A terminal player's helper: when it dials again (the product's own `PlayerLine`).
  var line: PlayerLine?
  var token: String?
  var state: NightState?
  /// Its connection as it sees it: open from when it dials until it sees it close.
  var connection: ConnectionID?
  var edge = 0
  /// Refused, kicked, or the night is over for it: it dials no more.
  var done = false
  /// Its socket stops reading until then.
  var stalledUntil = 0
  /// Away on purpose (not a fault) until then.
  var awayUntil: Int?
  /// When its last connection went away by a fault, and by which: nil while connected.
  var cutOff: (at: Int, by: String)?
  /// Per question: after how long on screen it answers (nil: never) and which choice.
  var plans: [Int: (delay: Int?, choice: Int)] = [:]
  /// The questions it sent an answer to, with the choice, and whether the room took it.
  var sent: [Int: Int] = [:]
  /// Answers scheduled on the current connection.
  var scheduled: Set<Int> = []

  init(name: String, joinAt: Int, terminal: Bool) {
    self.name = name
    self.joinAt = joinAt
    self.terminal = terminal
  }

  /// Has a place in the night: it joined, and was neither refused nor kicked since.
  var holdsPlace: Bool { token != nil && !done }
}
