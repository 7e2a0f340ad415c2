import ScreenKit
import TriviaHistory

/// How the stats are shown: over the screen they were asked from.
@MainActor
public protocol StatsNavigating: AnyObject {
  func showStats(_ stats: PlayerStats, category: String?, onDone: @escaping () -> Void)
  func closeStats()
}

/// Reads how the player has done from their history, overall or for one category.
@MainActor
public final class StatsFlow: CommandOffering {
  private let history: (any History)?
  private let navigator: any StatsNavigating
  private let console: any Console
  private let work: PendingWork
  /// The source's name and categories, loaded quietly when they are not yet.
  private let source: @MainActor () async -> (name: String, categories: [String])?

  public init(
    history: (any History)?, navigator: any StatsNavigating, console: any Console, work: PendingWork = PendingWork(),
    source: @escaping @MainActor () async -> (name: String, categories: [String])? = { nil }
  ) {
    self.history = history
    self.navigator = navigator
    self.console = console
    self.work = work
    self.source = source
  }

  /// `stats` or `stats CATEGORY`, on the landing and the score screen; without history, on
  /// the landing alone, which says why there are none.
  public var commands: [AppCommand] {
    let command = Command.withArgument(
      "stats", usage: "stats [CATEGORY|PLAYER]",
      summary: "show how you have done, overall, in one category, or one player's turns"
    ) { [unowned self] argument in
      work.add { [unowned self] in show(argument, source: argument.isEmpty ? nil : await source()) }
    }
    return [AppCommand(command, on: history == nil ? [.landing] : [.landing, .complete])]
  }

  /// `stats` alone: everything; `stats NAME`: one category, however it is typed, else one
  /// player who took turns (case and accents aside). `source`, when loaded, names its
  /// categories: one in neither it nor the history does not exist.
  public func show(_ argument: String, source: (name: String, categories: [String])? = nil) {
    guard let history else {
      console.say(NoHistory.cannot("no stats to show"))
      return
    }
    guard let all = history.stats(category: nil) else { return }
    guard !argument.isEmpty else {
      // Rounds in turns are their players' (#27): after only those, the player's own stats are
      // empty, which must not read as if nothing had been played.
      let players = history.playerNames().filter { !$0.isEmpty }
      if all.overall.answered == 0, !players.isEmpty {
        console.say(
          "No answers of your own yet: rounds played in turns are their players'. Type stats and a name for "
            + "theirs: \(players.joined(separator: ", ")).")
        return
      }
      navigator.showStats(all, category: nil) { [unowned self] in navigator.closeStats() }
      return
    }
    guard let name = all.categories.first(where: { $0.name.matchingKey == argument.matchingKey })?.name else {
      let spellings = history.playerNames().filter { $0.matchingKey == argument.matchingKey }
      if !spellings.isEmpty {
        guard let one = history.stats(players: spellings) else { return }
        navigator.showStats(one, category: nil) { [unowned self] in navigator.closeStats() }
        return
      }
      // Neither a category nor a player: say both, for a name may be meant as either.
      let players = history.playerNames().filter { !$0.isEmpty }
      let noPlayer =
        " There is no player '\(argument)' either; "
        + (players.isEmpty
          ? "no one has taken turns yet." : "the players who took turns: \(players.joined(separator: ", ")).")
      if let source, !source.categories.contains(where: { $0.matchingKey == argument.matchingKey }) {
        console.say(
          "There is no category '\(argument)' in \(source.name); its categories: "
            + source.categories.joined(separator: ", ") + "." + noPlayer)
        return
      }
      let known = all.categories.map(\.name).joined(separator: ", ")
      console.say(
        "No answers in a category '\(argument)' yet" + (known.isEmpty ? "." : "; you have played \(known).")
          + noPlayer)
      return
    }
    guard let one = history.stats(category: name) else { return }
    navigator.showStats(one, category: name) { [unowned self] in navigator.closeStats() }
  }
}
