import NavigatorKit
import ScreenKit
import StatsScreen
import TriviaHistory

extension ScreenName {
  public static let stats = ScreenName(rawValue: "stats")
}

extension Place {
  /// Over the screen it was asked from.
  static var stats: Place { Place(.stats, transition: .present) }
}

extension AppNavigator: StatsNavigating {
  public func showStats(_ stats: PlayerStats, category: String?, onDone: @escaping () -> Void) {
    show(.stats, .stats(stats, category, onDone))
  }

  public func closeStats() {
    dismiss(.stats)
  }
}

extension Screen where View == any TerminalView {
  static func stats(_ stats: PlayerStats, _ category: String?, _ onDone: @escaping () -> Void) -> Self {
    Self(.stats) {
      let screen = StatsScreen(state: .init(stats, category: category))
      screen.onDone = onDone
      screen.onBack = onDone
      return screen
    }
  }
}

extension StatsScreen.State {
  init(_ stats: PlayerStats, category: String?) {
    let title = stats.player.map { "\($0)'s stats" } ?? "Your stats" + (category.map { ": " + $0 } ?? "")
    guard stats.overall.answered > 0 else {
      self.init(title: title, summary: ["No answers yet: play a round, and how you do shows here."])
      return
    }
    let percent = Int((Double(stats.overall.right) / Double(stats.overall.answered) * 100).rounded())
    let seconds = (stats.meanSeconds * 10).rounded() / 10
    let rows = { (tallies: [PlayerStats.Tally]) in
      tallies.map { Row(label: $0.name, right: $0.right, answered: $0.answered) }
    }
    self.init(
      title: title,
      summary: [
        "Rounds played to the end: \(stats.roundsCompleted)",
        "Answers: \(stats.overall.answered), \(stats.overall.right) right (\(percent)%)",
        "Right in a row: \(stats.currentStreak) now, \(stats.bestStreak) at best",
        "Time per answer: \(seconds) s on average",
      ],
      tables: (category == nil ? [("By category: right answers of those given", rows(stats.categories))] : []) + [
        ("By difficulty: right answers of those given", rows(stats.levels))
      ],
      best: stats.best.map {
        "\($0.category), \($0.total) \($0.total == 1 ? "question" : "questions"): \($0.score)/\($0.total)"
      })
  }
}
