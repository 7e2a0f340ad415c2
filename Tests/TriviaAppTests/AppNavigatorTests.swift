import NavigatorKit
import ScreenKit
import Testing
import TriviaApp
import TriviaData

/// Records what reaches the player.
final class RecordingConsole: Console, NavigationRenderer {
  var lines: [String] = []
  var renders: [String?] = []

  func write(_ lines: [Line]) {
    self.lines += lines.map(\.text)
  }

  func render(_ state: NavigationState<any TerminalScreen>) {
    renders.append(state.activeName)
    write(state.active?.render() ?? [])
  }
}

/// Records the actions screens report, in order.
@MainActor
final class RecordingActions: AppActions {
  var log: [String] = []
  var hasRoundInProgress = false
  func resume() { log.append("resume") }
  func source(_ argument: String) { log.append("source \(argument)") }
  func category(_ argument: String) { log.append("category \(argument)") }
  func open(_ link: String) { log.append("open \(link)") }
  func play() { log.append("play") }
  func openOptions() { log.append("options") }
  func openDifficulty() { log.append("difficulty") }
  func answer(_ index: Int) { log.append("answer \(index)") }
  func continueRound() { log.append("continue") }
  func finishRound() { log.append("finish") }
  func setQuestionCount(_ count: Int) { log.append("count \(count)") }
  func closeOptions() { log.append("close") }
  func retry() { log.append("retry") }
  func back() { log.append("back") }
  func quit() { log.append("quit") }
}

@MainActor
@Suite("App navigator")
struct AppNavigatorTests {
  let console = RecordingConsole()
  let actions = RecordingActions()
  let navigator = Navigator<any TerminalScreen>()
  let app: AppNavigator

  init() {
    navigator.renderer = console
    app = AppNavigator(navigator: navigator, console: console)
    app.actions = actions
    app.showLanding(options: .standard, source: "bundled", canResume: false)
  }

  func round() -> Round {
    var generator = SeededGenerator(seed: 3)
    return Round.deal(
      from: QuestionList(sampleQuestions(5)), count: 2, difficulty: .mixed, generator: &generator)
  }

  @Test func inputGoesToTheActiveScreenThenToGlobalCommands() {
    app.handle(input: "play")
    app.handle(input: "options")
    app.handle(input: "back")
    app.handle(input: "quit")
    #expect(actions.log == ["play", "options", "back", "quit"])
    #expect(app.prompt == "trivia")
  }

  @Test func unknownInputNamesHelpAndChangesNothing() {
    let before = navigator.stack
    app.handle(input: "dance")
    #expect(console.lines.last == "Unknown command 'dance'. Type help to see what you can do here.")
    #expect(navigator.stack == before)
    let count = console.lines.count
    app.handle(input: "   ")
    #expect(console.lines.count == count, "an empty line just asks again")
  }

  @Test func helpListsTheScreensCommandsAndTheGlobalOnes() {
    app.handle(input: "help")
    let words = ["play", "options", "difficulty", "category", "source", "help", "back", "where", "open", "quit"]
    let help = console.lines.suffix(words.count + 1)
    #expect(help.first == "You can type:")
    for word in words {
      #expect(help.contains { $0.hasPrefix("  \(word) ") }, "\(word)")
    }
    #expect(app.commands.completions(for: "") == words)
  }

  @Test func theGameWithFeedbackAsAChild() {
    let round = round()
    app.showGame(round, request: .init())
    #expect(app.current == .game)
    #expect(app.prompt == "question 1/2")
    app.handle(input: "1")
    #expect(actions.log == ["answer 0"])
    var answered = round
    _ = answered.answer(0)
    app.showFeedback(answered, isCorrect: false)
    #expect(app.current == .feedback)
    #expect(navigator.stack == ["landing", "game"])
    app.handle(input: "")
    #expect(actions.log == ["answer 0", "continue"])
    answered.advance()
    app.showNextQuestion(answered)
    #expect(app.current == .game)
    #expect(app.prompt == "question 2/2")
    #expect(console.lines.contains("Question 2 of 2  Test · Easy"))
  }

  @Test func completeIsAModalAndReturningClosesEverything() {
    app.showGame(round(), request: .init())
    app.showComplete(RoundResult(score: 1, total: 2))
    #expect(navigator.stack == ["landing", "game", "complete"])
    #expect(console.lines.contains("Score: 1/2"))
    app.handle(input: "done")
    #expect(actions.log == ["finish"])
    app.returnToLanding()
    #expect(navigator.stack == ["landing"])
    #expect(app.current == .landing)
  }

  @Test func thePopoverUpdatesItsLineDismissesThenCallsBack() {
    app.showOptions(.standard)
    var seen: [String] = []
    app.showDifficulty(anchor: .difficulty, current: .mixed) { choice in
      // By now the popover is gone and the options screen shows the new level.
      seen.append("\(choice.rawValue) \(self.app.current.map(\.rawValue) ?? "-")")
      seen.append(self.console.lines.last { $0.contains("Difficulty:") } ?? "")
    }
    #expect(navigator.stack == ["landing", "options", "difficulty"])
    app.handle(input: "hard")
    #expect(seen.first == "hard options")
    #expect(seen.last?.hasPrefix("  Difficulty: Hard") == true)
    #expect(navigator.stack == ["landing", "options"])
  }

  @Test func thePopoverAnchorsToTheLandingToo() {
    app.showDifficulty(anchor: .difficulty, current: .easy) { _ in }
    #expect(navigator.state.top?.presentation == .popover(anchor: "difficulty"))
    #expect(console.lines.contains("  2) Easy  (current)"))
    app.closeDifficulty()
    #expect(navigator.stack == ["landing"])
  }

  @Test func optionsUpdatesInPlace() {
    app.showOptions(.standard)
    app.handle(input: "count 4")
    #expect(actions.log == ["count 4"])
    app.updateOptions(GameOptions(questionCount: 4, difficulty: .mixed))
    #expect(console.lines.contains { $0.hasPrefix("  Questions:  4") })
    app.handle(input: "count 400")
    #expect(console.lines.last == "count takes a whole number from 1 to 50, not '400'.")
    app.closeOptions()
    #expect(navigator.stack == ["landing"])
    #expect(console.lines.contains("  Questions:  4"))
  }

  @Test func noDataClosesWhatIsOpenAndOffersRetry() {
    app.showOptions(.standard)
    app.showNoData(reason: "broken.json, line 1, column 1: expected a value", details: [])
    #expect(navigator.stack == ["landing", "no-data"])
    #expect(console.lines.contains("broken.json, line 1, column 1: expected a value"))
    app.handle(input: "retry")
    app.handle(input: "options")
    #expect(actions.log == ["retry", "options"])
  }
}
