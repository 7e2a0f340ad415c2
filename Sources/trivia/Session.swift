import ArgumentParser
import EditLineShim
import FoundationEssentials
import Glibc
import NavigatorKit
import ScreenKit
import TriviaApp
import TriviaData
import TriviaHistory
import TriviaLink
import TriviaTerminal

/// The composition root: builds the navigator, the renderer and the input, gives the
/// AppCoordinator its data source, its AppNavigator and its stores, then feeds it lines
/// until the player quits.
@MainActor
final class Session {
  let coordinator: AppCoordinator
  let input: CommandInput
  /// The lines read: a script's, the line editor's, standard input's.
  let lines: SessionInput
  /// What the game waits on besides input: links, a night's connections.
  let events = EventLoop()
  /// The night's connections, opened when a night starts.
  let network = PipeNetwork()
  let night: NightStart?
  let renderer: TerminalRenderer
  let navigator: Navigator<any TerminalView>
  /// Links sent from outside to an interactive game.
  let links: LinkInbox?
  /// Where rounds and answers are kept; closed whole when the game ends.
  let history: SQLiteHistory?
  let trace: TraceLog?
  let arguments: Trivia

  init(arguments: Trivia, night: NightStart? = nil) throws {
    self.arguments = arguments
    self.night = night
    let environment = ProcessInfo.processInfo.environment
    let interactive = arguments.script == nil && isatty(STDIN_FILENO) == 1
    let style = TerminalStyle.detect(
      isTerminal: interactive && isatty(STDOUT_FILENO) == 1, noColorFlag: arguments.noColor,
      environment: environment)
    let renderer = TerminalRenderer(
      style: style, columns: { interactive ? LineWrapper.columns(of: STDOUT_FILENO) : nil })
    self.renderer = renderer
    let navigator = Navigator<any TerminalView>(renderer: renderer)
    self.navigator = navigator
    trace = try arguments.trace.map { try TraceLog.following(navigator, to: $0) }

    let files = GameFiles(environment: environment)
    // A lock held by another program is waited for only until the player asks to leave.
    let store = FileOptionsStore(path: files.options) { trivia_exit_signal() != 0 || trivia_interrupt_pending() != 0 }
    let options = arguments.options(from: store) { renderer.write([Line($0, style: .failure)]) }
    let seed = arguments.game.seed ?? UInt64.random(in: 0...UInt64.max)
    let tokens = OpenTriviaDBTokenStore(path: files.tokens)
    let makeSource = { (spec: String) in DataSourceSpec.parse(spec).makeDataSource(tokens: tokens) }
    history =
      arguments.noHistory || arguments.record != nil
      ? nil
      : SQLiteHistory(
        path: files.history, stopRequested: { trivia_exit_signal() != 0 || trivia_interrupt_pending() != 0 }
      ) { renderer.write([Line($0, style: .failure)]) }
    let appNavigator = AppNavigator(navigator: navigator, console: renderer)
    appNavigator.terminalSize = { interactive ? TerminalSize.of(STDOUT_FILENO) : nil }
    coordinator = AppCoordinator(
      source: makeSource(options.run.source ?? "bundled"), navigator: appNavigator, console: renderer,
      optionsStore: store, sessionStore: FileSessionStore(path: files.session), history: history,
      options: options.run, savedOptions: options.saved, seed: seed,
      // Headless games are played by the line: time passes only on `wait N`.
      clock: GameClock(virtual: !interactive), about: files.about(keepsHistory: history != nil),
      makeSource: makeSource, network: network,
      nightSeats: FileNightSeatStore(folder: files.nights))
    let coordinator = coordinator
    input = CommandInput(
      navigator: navigator, console: renderer, open: { coordinator.open($0) },
      quit: {
        // Mid-night, leaving is asked: the players, or the host, would be left behind.
        guard coordinator.leavingQuestion.map(coordinator.confirm) ?? true else { return }
        coordinator.quit()
      },
      links: TriviaRoute.examples, offered: { coordinator.commands.table(on: $0) },
      whereYouAre: ScreenName.whereYouAre, helpNote: { coordinator.helpNote })
    lines = try SessionInput(
      arguments: arguments, interactive: interactive, style: style, lines: files.lines,
      header: arguments.header(seed: seed, options: options.run), say: renderer.say)
    // A night's own session (`trivia host`, `trivia join URL`) leaves links to the game they
    // would open: one running elsewhere keeps them, and nothing need be said about it.
    links =
      lines.editor == nil || night != nil
      ? nil : LinkInbox.open(environment: environment) { renderer.write([Line($0, style: .dim)]) }
    listen()
  }

  func run() async throws {
    // A category the source does not have is a mistake on the command line, said before
    // the game starts (the source is loaded for it: it would be at once anyway).
    if let category = arguments.game.category, category.lowercased() != "all",
      let refusal = await coordinator.refusal(forCategory: category)
    {
      throw ValidationError.clean("--category: \(refusal).")
    }
    trivia_catch_exit_signals()
    if lines.editor != nil { trivia_catch_resizes() }
    // Straight into a night, or into the round saved (`--resume`), the landing under it is not
    // drawn: what comes next is, and the landing's "type resume" would be said to no one.
    renderer.drawsScreens = night == nil && !arguments.resume
    coordinator.start()
    renderer.drawsScreens = true
    if arguments.resume {
      coordinator.resume()
      // No round to go on with: the landing it was said over is drawn after all.
      if coordinator.round == nil { navigator.refresh() }
    }
    if let link = arguments.link {
      coordinator.open(link)
      await coordinator.runPending()
    }
    switch night {
    case .host(let plan): coordinator.host(plan)
    case .join(let url, let name, let onlyThisNight):
      coordinator.endsWithNight = onlyThisNight
      coordinator.join(url, name: name)
    case nil: break
    }
    await runPendingWork()
    while !coordinator.isFinished {
      guard trivia_exit_signal() == 0 else {
        coordinator.quit()
        break
      }
      // Under a script, a night moves on its own between the lines it asks for.
      if lines.editor == nil, !coordinator.wantsLine {
        if events.waitForEvents(until: coordinator.nextWake.map(coordinator.clock.instant(at:))) {
          await handleEvents()
        } else {
          coordinator.tick()
        }
        continue
      }
      switch lines.reader.read(prompt: input.prompt) {
      case .line(let line):
        _ = trivia_take_interrupt()
        if coordinator.clock.isVirtual, let wait = ScriptWait(line) {
          self.wait(wait)
        } else {
          await handle(line)
        }
      case .event:
        await handleEvents()
        // A screen drawn in place (the lobby) is drawn again at the terminal's new size.
        if lines.editor?.takeResize() == true, navigator.activeState.active?.drawsInPlace == true {
          navigator.refresh()
        }
      case .interrupted:
        continue
      case .end:
        // Ctrl-D at a terminal asks mid-night; a script's end is its last word.
        if lines.editor != nil, let question = coordinator.leavingQuestion, !coordinator.confirm(question) { continue }
        coordinator.quit()
      }
    }
    lines.editor?.releaseTerminal()
    links?.stop()
    network.stop()
    lines.saveHistory()
    history?.close()
  }

  /// Hands a line to the screen on top; Ctrl-C while the app waits on a load cancels the load.
  private func handle(_ line: String) async {
    input.run(line)
    await runPendingWork()
  }

  /// Runs the work a line or a link left waiting on a load, which Ctrl-C cancels.
  func runPendingWork() async {
    // Most lines (an answer, a step through a menu) leave nothing to wait for.
    guard coordinator.hasPendingWork else { return }
    lines.editor?.releaseTerminal()
    let coordinator = coordinator
    // A question's clock does not run while the game loads.
    coordinator.clock.stop()
    defer { coordinator.clock.go() }
    let work = Task { await coordinator.runPending() }
    // Ctrl-C cancels the load; SIGTERM and SIGHUP cancel it too, and the game then ends.
    let watch = Task {
      while !Task.isCancelled {
        if trivia_take_interrupt() != 0 || trivia_exit_signal() != 0 {
          work.cancel()
          return
        }
        try? await Task.sleep(for: .milliseconds(50))
      }
    }
    await work.value
    watch.cancel()
  }
}
