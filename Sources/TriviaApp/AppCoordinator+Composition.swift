import ScreenKit
import TriviaData
import TriviaHistory

/// The game's flows composed: each is given the AppNavigator as its own protocol alone, and the
/// coordinator as the protocols it calls itself. A flow that offers commands is added to
/// `flows` here, and its commands reach the coordinator's table with it.
extension AppCoordinator {
  /// `options` are what this run plays with; `savedOptions` (by default the same) are what
  /// was saved, so that a change made in the options screen saves that change alone.
  /// `about` is what only the program knows of itself: its version and the files it keeps.
  public convenience init(
    source: any DataSource, navigator: AppNavigator, console: any Console, optionsStore: any OptionsStore,
    sessionStore: (any SessionStore)? = nil, history: (any History)? = nil, options: GameOptions,
    savedOptions: GameOptions? = nil, seed: UInt64, clock: GameClock = GameClock(virtual: false),
    about: About = About(version: "", files: []),
    makeSource: @escaping (String) -> any DataSource = makeDataSource(spec:), network: (any NightNetwork)? = nil,
    nightSeats: (any NightSeatStore)? = nil
  ) {
    let work = PendingWork()
    let sources = SourceFlow(source: source, console: console, makeSource: makeSource)
    let settings = OptionsFlow(
      options: options, savedOptions: savedOptions ?? options, store: optionsStore, navigator: navigator,
      console: console, sourceName: { sources.name })
    self.init(
      navigator: navigator, console: console, sources: sources, settings: settings,
      rounds: RoundFlow(
        seed: seed, store: sessionStore, history: history, navigator: navigator, console: console, clock: clock),
      flows: [
        StatsFlow(history: history, navigator: navigator, console: console, work: work) {
          await sources.peek(settings.load).map { (sources.name, $0.questions.categoryCounts.map(\.name)) }
        },
        ReviewFlow(history: history, navigator: navigator, console: console),
        AboutFlow(facts: about, navigator: navigator, work: work) {
          (sources.name, await sources.peek(settings.load))
        },
        NightsFlow(history: history, navigator: navigator, console: console),
      ],
      work: work, history: history, clock: clock, network: network, nightSeats: nightSeats)
  }
}
