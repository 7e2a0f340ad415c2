import ScreenKit
import TriviaData

/// The source and its categories: `source`, `category`, and links to a source.
extension AppCoordinator {
  /// `source`, on the screens that choose what to play.
  var sourceCommands: [AppCommand] {
    let command = Command.source(complete: { DataSourceSpec.completions(for: $0) }) { [unowned self] argument in
      later { await self.source(argument) }
    }
    return [AppCommand(command, on: [.landing, .noData, .options])]
  }

  /// `category`, on the screens that choose what to play.
  var categoryCommands: [AppCommand] {
    let command = Command.category(complete: { [unowned self] in completeCategory($0) }) { [unowned self] argument in
      later { await self.category(argument) }
    }
    return [AppCommand(command, on: [.landing, .noData, .options])]
  }

  /// `source` alone describes the current source; `source SPEC` switches to another and
  /// loads it; `source --details` lists everything skipped.
  func source(_ argument: String) async {
    let again: @MainActor () async -> Void = { [unowned self] in await source(argument) }
    switch argument {
    case "":
      if let bank = await questions(settings.load, retry: again) { sources.describe(bank) }
    case "--details":
      if let bank = await questions(settings.load, retry: again) { sources.listSkipped(bank) }
    default:
      let previous = sources.current
      sources.switchTo(argument)
      await loadNewSource(argument, previous: previous)
    }
  }

  /// A source link: the landing shows the new source, unless the player stays in a round.
  /// One that would change the source kept for the next start asks the player first: a link
  /// may come from anyone (a web page, another program through the link socket), and which
  /// questions the player plays is theirs to choose, never changed behind their back.
  func switchSource(to spec: String) async {
    if SourceFlow.lasting(spec) != settings.savedSource,
      !confirm("Play the questions from \(spec) from now on?")
    {
      console.say("The source stays \(sources.name).")
      return
    }
    let previous = sources.current
    sources.switchTo(spec)
    guard navigator.returnToLanding(fromLink: false) else {
      sources.restore(previous)
      return
    }
    // The landing shown on the way named the new source.
    if await !loadNewSource(spec, previous: previous) { navigator.redraw() }
  }

  /// Loads a source just chosen, so the player learns at once whether it works; one that
  /// does is kept with the options for the next start. One that does not changes nothing:
  /// the questions loaded, the options saved and what the screen shows stay as they were.
  @discardableResult
  func loadNewSource(_ spec: String, previous: (source: any DataSource, bank: QuestionBank?)) async -> Bool {
    let bank: QuestionBank
    switch await sources.questions(settings.load) {
    case .success(let loaded): bank = loaded
    case let failure:
      sources.restore(previous)
      if case .failure(let error) = failure {
        // Not "still playing": the source kept may have no questions either (#37).
        console.say("Cannot use that source: \(error.message). The source stays \(sources.name).")
      }
      return false
    }
    settings.choose(source: SourceFlow.lasting(spec))
    navigator.closeNoData()
    if let category = settings.options.category,
      !bank.questions.countsByCategory.contains(where: { $0.category == category })
    {
      console.say("\(sources.name) has no \(category) questions; playing every category.")
      settings.choose(category: nil)
      navigator.redraw()
    }
    if bank.questions.gradesNone, settings.options.difficulty != .mixed {
      settings.chooseMixed(because: sources.name)
      navigator.redraw()
    }
    return true
  }

  /// Tab after `category`: `all` and the loaded source's categories that start with `typed`.
  func completeCategory(_ typed: String) -> [String] {
    let names = ["all"] + (sources.current.bank?.questions.categoryCounts.map(\.name) ?? [])
    return names.filter { $0.lowercased().hasPrefix(typed.lowercased()) }
  }

  /// `category` alone lists the current source's categories; `category NAME` plays only
  /// that one; `category all` plays every one.
  func category(_ argument: String) async {
    guard let bank = await questions(settings.load, retry: { [unowned self] in await category(argument) }) else {
      return
    }
    let counts = bank.questions.categoryCounts
    if argument.isEmpty {
      // The counts a round can deal: of the level chosen, when one is.
      let difficulty = settings.options.difficulty
      let level = difficulty == .mixed ? "" : ", \(difficulty.rawValue) questions in each"
      console.say("Categories (\(settings.options.category ?? "all") chosen\(level)):")
      for entry in bank.questions.categoryCounts(of: difficulty) {
        console.say("  \(entry.name) (\(NumberText.grouped(entry.count)))")
      }
      return
    }
    if argument.lowercased() == "all" {
      settings.choose(category: nil)
    } else if case let matches = argument.matchingNames(in: counts.map(\.name)), let match = matches.first {
      guard matches.count == 1 else {
        return console.say("'\(argument)' could be \(matches.joined(separator: " or ")): type more of its name.")
      }
      settings.choose(category: match)
    } else {
      for line in UnknownCategory(name: argument, source: sources.name, categories: counts).lines { console.say(line) }
      return
    }
    console.say("Category: \(settings.options.category ?? "all").")
    navigator.redraw()
  }
}
