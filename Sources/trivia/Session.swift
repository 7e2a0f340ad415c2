import ArgumentParser
import Foundation
import NavigatorKit
import ScreenKit
import TriviaApp
import TriviaData
import TriviaTerminal

/// The composition root: builds the navigator, the renderer, the coordinator and the
/// input, then feeds input to the app until the player quits.
@MainActor
final class Session {
  let coordinator: AppCoordinator
  let appNavigator: AppNavigator
  let renderer: TerminalRenderer
  let reader: any LineReader
  let saveHistory: () -> Void
  let trace: TraceLog?

  init(arguments: Trivia) throws {
    let environment = ProcessInfo.processInfo.environment
    let interactive = arguments.script == nil && isatty(STDIN_FILENO) == 1
    let style = TerminalStyle.detect(
      isTerminal: interactive && isatty(STDOUT_FILENO) == 1, noColorFlag: arguments.noColor,
      environment: environment)

    renderer = TerminalRenderer(style: style)
    let navigator = Navigator<any TerminalScreen>(renderer: renderer)
    if let path = arguments.trace {
      do {
        let log = try TraceLog(path: path)
        navigator.addObserver(didNavigate: log.record)
        trace = log
      } catch {
        throw ValidationError("--trace: cannot write \(path).")
      }
    } else {
      trace = nil
    }
    appNavigator = AppNavigator(navigator: navigator, console: renderer)

    let store = FileOptionsStore(path: FileOptionsStore.standardPath(environment: environment))
    var options = GameOptions.standard
    switch store.load() {
    case .success(let saved): options = saved ?? options
    case .failure(let error): renderer.write([Line(error.message, style: .failure)])
    }
    if let count = arguments.count { options.questionCount = count }
    if let difficulty = arguments.difficulty { options.difficulty = difficulty }

    let source: any DataSource =
      arguments.source == "bundled" ? BundledDataSource() : FileDataSource(path: arguments.source)
    coordinator = AppCoordinator(
      source: source, navigator: appNavigator, optionsStore: store, options: options,
      seed: arguments.seed ?? UInt64.random(in: 0...UInt64.max))
    appNavigator.actions = coordinator

    if let script = arguments.script, script != "-" {
      guard let reader = ScriptReader(path: script) else {
        throw ValidationError("--script: cannot read \(script): \(String(cString: strerror(errno))).")
      }
      self.reader = reader
      saveHistory = {}
    } else if interactive, let editor = LineEditor(program: "trivia", style: style) {
      // Ctrl-C while no line is being edited (say, during a load) must not end the game.
      signal(SIGINT, SIG_IGN)
      let historyPath = XDGDirectory.state.path(environment: environment) + "/trivia/history"
      editor.loadHistory(from: historyPath)
      reader = editor
      saveHistory = {
        try? AtomicFile.replace(historyPath) { temporary throws(AtomicFile.Failure) in
          guard editor.saveHistory(to: temporary) else {
            throw AtomicFile.Failure(description: "cannot write \(temporary)")
          }
        }
      }
    } else {
      reader = ScriptReader()
      saveHistory = {}
    }
    let navigatorForCompletion = appNavigator
    reader.completer = { prefix in navigatorForCompletion.commands.completions(for: prefix) }
  }

  func run() async {
    coordinator.start()
    while !coordinator.isFinished {
      switch reader.read(prompt: appNavigator.prompt) {
      case .line(let line):
        appNavigator.handle(input: line)
        saveHistory()
        await coordinator.settle()
      case .interrupted:
        continue
      case .end:
        coordinator.quit()
      }
    }
  }
}
