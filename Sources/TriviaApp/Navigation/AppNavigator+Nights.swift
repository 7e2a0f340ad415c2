import NavigatorKit
import NightsScreen
import ScreenKit
import TriviaHistory

extension ScreenName {
  public static let nights = ScreenName(rawValue: "nights")
}

extension Place {
  /// Over the screen they were asked from: the list (`number` nil) or night `number`'s table,
  /// over the list when it is open; one already open is brought back.
  static func nights(_ number: Int?) -> Place {
    Place(.nights, detail: number.map(AnyHashable.init), transition: .present)
  }
}

extension AppNavigator: NightsNavigating {
  public func showNights(_ nights: [HostedNight], number: Int?, onDone: @escaping () -> Void) {
    show(.nights(number), .nights(NightsScreen.State(nights, number: number), onDone))
  }

  public func closeNights() {
    dismiss(.nights)
  }
}

extension Screen where View == any TerminalView {
  static func nights(_ state: NightsScreen.State, _ onDone: @escaping () -> Void) -> Self {
    Self(.nights) {
      let screen = NightsScreen(state: state)
      screen.onDone = onDone
      screen.onBack = onDone
      return screen
    }
  }
}

extension NightsScreen.State {
  /// The list, or night `number`'s table when it is among `nights`.
  init(_ nights: [HostedNight], number: Int?) {
    guard let hosted = nights.first(where: { $0.number == number }) else {
      self = .list(
        nights.map {
          NightsScreen.Night(
            number: $0.number, date: $0.date, title: $0.night.title, players: $0.night.players.count,
            winner: $0.night.players.first.map(StandingRow.init))
        })
      return
    }
    let night = hosted.night
    let questions = "\(night.questions.count) \(night.questions.count == 1 ? "question" : "questions")"
    self = .table(
      NightsScreen.Table(
        number: hosted.number, date: hosted.date, title: night.title,
        summary: "\(questions) of \(night.secondsPerQuestion) seconds from \(night.source)"
          + (night.endedEarly ? "; the host ended it early." : "."),
        rows: night.players.map(StandingRow.init)))
  }
}

extension StandingRow {
  init(_ player: PlayedNight.Player) {
    self.init(place: player.place, name: player.name, score: player.score, hasLeft: player.hasLeft)
  }
}
