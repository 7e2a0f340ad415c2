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
  let reader: any LineReader
  /// The line editor of an interactive game, and what it waits on besides the keyboard.
  let editor: LineEditor?
  /// What the game waits on besides input: links, a night's connections.
  let events: EventLoop
  /// The night's connections, opened when a night starts.
  let network: PipeNetwork
  let night: NightStart?
  /// The journal of `--record`, which keeps the waits a timed question's timeout stands for.
  let recorder: RecordingReader?
  let renderer: TerminalRenderer
  let navigator: Navigator<any TerminalView>
  /// Links sent from outside to an interactive game.
  let links: LinkInbox?
  let saveHistory: () -> Void
  /// Where rounds and answers are kept; closed whole when the game ends.
  let history: SQLiteHistory?
  let trace: TraceLog?
  let arguments: Trivia

  init(arguments: Trivia, night: NightStart? = nil) throws {
    self.arguments = arguments
    self.night = night
    let events = EventLoop()
    self.events = events
    let network = PipeNetwork()
    self.network = network
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
    if let path = arguments.trace {
      // A name that is not UTF-8 reaches here repaired: it would name another file.
      guard !path.unicodeScalars.contains("\u{FFFD}") else {
        throw ValidationError.clean("--trace: \(path) is not a name this system can be given back (not UTF-8).")
      }
      do {
        let log = try TraceLog(path: path)
        navigator.addObserver(didNavigate: log.record)
        trace = log
      } catch {
        throw ValidationError.clean("--trace: cannot write \(path).")
      }
    } else {
      trace = nil
    }

    let store = FileOptionsStore(path: FileOptionsStore.standardPath(environment: environment))
    var saved = GameOptions.standard
    switch store.load() {
    case .success(let options): saved = options ?? saved
    case .failure(let error): renderer.write([Line(error.message, style: .failure)])
    }
    var options = saved
    if let count = arguments.game.count { options.questionCount = count }
    if let time = arguments.game.time { options.timeLimit = time > 0 ? time : nil }
    if let players = arguments.playerNames { options.players = players.isEmpty ? nil : players }
    if let difficulty = arguments.game.difficulty { options.difficulty = difficulty }
    // `all` means every category, as the category command has it.
    if let source = arguments.game.source { options.source = source }
    if let category = arguments.game.category { options.category = category.lowercased() == "all" ? nil : category }

    let seed = arguments.game.seed ?? UInt64.random(in: 0...UInt64.max)
    // Headless games are played by the line: time passes only on `wait N`.
    let clock = GameClock(virtual: !interactive)
    // Where the game keeps what it knows of the player, besides the options.
    let state = XDGDirectory.state.path(environment: environment) + "/trivia"
    let tokens = OpenTriviaDBTokenStore(path: OpenTriviaDBTokenStore.standardPath(environment: environment))
    let sessions = FileSessionStore(path: FileSessionStore.standardPath(environment: environment))
    let makeSource = { (spec: String) in DataSourceSpec.parse(spec).makeDataSource(tokens: tokens) }
    let history =
      arguments.noHistory || arguments.record != nil
      ? nil
      : SQLiteHistory(
        path: state + "/history.sqlite",
        report: { renderer.write([Line($0, style: .failure)]) })
    self.history = history
    let about = About(
      version: Trivia.configuration.version,
      files: [
        .init(holds: "Options", path: store.path),
        .init(holds: "A round left to resume", path: sessions.path),
        .init(holds: "Lines typed", path: state + "/history"),
        .init(holds: "Open Trivia DB tokens", path: tokens.path),
      ] + (history.map { [.init(holds: "Answers (SQLite)", path: $0.path)] } ?? []))
    let appNavigator = AppNavigator(navigator: navigator, console: renderer)
    appNavigator.terminalSize = { interactive ? TerminalSize.of(STDOUT_FILENO) : nil }
    coordinator = AppCoordinator(
      source: makeSource(options.source ?? "bundled"),
      navigator: appNavigator, console: renderer, optionsStore: store,
      sessionStore: sessions,
      history: history, options: options, savedOptions: saved, seed: seed, clock: clock, about: about,
      makeSource: makeSource, network: network)
    let coordinator = coordinator
    input = CommandInput(
      navigator: navigator, console: renderer, open: { coordinator.open($0) }, quit: { coordinator.quit() },
      links: TriviaRoute.examples, offered: { coordinator.commands.table(on: $0) })

    var reader: any LineReader
    var editor: LineEditor?
    if let script = arguments.script, script != "-" {
      guard let scriptReader = ScriptReader(path: script) else {
        throw ValidationError.clean("--script: cannot read \(script): \(String(cString: strerror(errno))).")
      }
      reader = scriptReader
      saveHistory = {}
    } else if interactive, let lineEditor = LineEditor(program: "trivia", style: style) {
      editor = lineEditor
      // Ctrl-C while no line is being edited (say, during a load) must not end the game:
      // it cancels the load instead.
      trivia_catch_interrupts()
      let historyPath = state + "/history"
      // libedit reads it as it is: a link, a pipe or a huge file is moved aside first.
      if let problem = KeptFile.problem(at: historyPath, limit: 1 << 20) {
        renderer.say(KeptFile.setAside(historyPath, because: problem.reason, instead: "the lines typed start afresh"))
      }
      lineEditor.loadHistory(from: historyPath)
      reader = lineEditor
      // As shells and Python's REPL do: written once, when the game ends (quit, Ctrl-D,
      // SIGTERM, SIGHUP), whole and atomically.
      saveHistory = {
        try? AtomicFile.replace(historyPath) { temporary throws(AtomicFile.Failure) in
          guard lineEditor.saveHistory(to: temporary) else {
            throw AtomicFile.Failure(description: "cannot write \(temporary)")
          }
        }
      }
    } else {
      reader = ScriptReader()
      saveHistory = {}
    }
    self.editor = editor
    var recorder: RecordingReader?
    if let path = arguments.record {
      guard
        let recording = RecordingReader(
          recording: reader, to: path, header: arguments.header(seed: seed, options: options))
      else {
        throw ValidationError.clean("--record: cannot write \(path): \(String(cString: strerror(errno))).")
      }
      reader = recording
      recorder = recording
    }
    self.recorder = recorder
    self.reader = reader
    editor?.events = events
    // A timed question wakes the game each second its count goes down, and at its end.
    events.wakeAt = { coordinator.nextWake.map(clock.instant(at:)) }
    events.sources.append(network)
    let links =
      editor == nil
      ? nil : LinkInbox.open(environment: environment) { renderer.write([Line($0, style: .dim)]) }
    if let links { events.sources.append(links) }
    self.links = links
    let input = input
    reader.completer = { prefix in input.commands.completions(for: prefix) }
    // A night asks for a name on the same input, with events held until the answer.
    coordinator.ask = { question in
      guard case .line(let answer) = events.holdingEvents({ reader.ask(question) }) else { return nil }
      return answer.trimmingWhitespace
    }
    // Guards that need a yes or no ask on the same input as everything else, with the
    // question's clock and every other event held until the answer.
    navigator.confirm = { question in
      links?.asking(question)
      let ask = { clock.standingStill { reader.confirm(question, say: renderer.say) } }
      let yes = events.holdingEvents(ask)
      links?.answered(yes)
      return yes
    }
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
    if editor != nil { trivia_catch_resizes() }
    coordinator.start()
    if arguments.resume { coordinator.resume() }
    if let link = arguments.link {
      coordinator.open(link)
      await coordinator.runPending()
    }
    switch night {
    case .host(let plan): coordinator.host(plan)
    case .join(let url, let name): coordinator.join(url, name: name)
    case nil: break
    }
    await runPendingWork()
    while !coordinator.isFinished {
      guard trivia_exit_signal() == 0 else {
        coordinator.quit()
        break
      }
      // Under a script, a night moves on its own between the lines it asks for.
      if editor == nil, !coordinator.wantsLine {
        if events.waitForEvents(until: coordinator.nextWake.map(coordinator.clock.instant(at:))) {
          await handleEvents()
        } else {
          coordinator.tick()
        }
        continue
      }
      switch reader.read(prompt: input.prompt) {
      case .line(let line):
        _ = trivia_take_interrupt()
        if coordinator.clock.isVirtual, let wait = ScriptWait(line) {
          self.wait(wait)
        } else {
          await handle(line)
        }
      case .event:
        await handleEvents()
      case .interrupted:
        continue
      case .end:
        coordinator.quit()
      }
    }
    editor?.releaseTerminal()
    links?.stop()
    network.stop()
    saveHistory()
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
    editor?.releaseTerminal()
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
