import NightKit

/// The screens of a night, as routes: the host's and a player's. A player's come from the
/// host; the router skips one already on top (a question sent again after a reconnect).
public enum NightPlace: Hashable, Sendable {
  // The host's.
  case lobby
  case hostQuestion(Int)
  case reveal(Int)
  case hostStandings(Int)
  case hostFinal
  // A player's.
  case waiting
  case question(Int)
  case verdict(Int)
  case standings(Int)
  case final

  var screen: ScreenName {
    switch self {
    case .lobby: .lobby
    case .hostQuestion: .hostQuestion
    case .reveal: .reveal
    case .hostStandings: .hostStandings
    case .hostFinal: .hostFinal
    case .waiting: .waiting
    case .question: .nightQuestion
    case .verdict: .verdict
    case .standings: .standings
    case .final: .final
    }
  }
}

extension NightPlace {
  /// Where the host's room puts the host.
  init(host phase: NightPhase) {
    switch phase {
    case .lobby: self = .lobby
    case .question(let number): self = .hostQuestion(number)
    case .reveal(let number): self = .reveal(number)
    case .standings(let number): self = .hostStandings(number)
    case .final, .ended: self = .hostFinal
    }
  }

  /// Where the stage the host sent puts a player.
  init(player scene: NightScene) {
    switch scene {
    case .lobby: self = .waiting
    case .question(let question): self = .question(question.number)
    case .reveal(let answer): self = .verdict(answer.number)
    case .standings(let table): self = .standings(table.played)
    case .final, .ended: self = .final
    }
  }
}
